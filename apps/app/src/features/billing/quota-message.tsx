import { Link } from '@tanstack/react-router'

const BILLING_PATH = /(\/app\/organizations\/([a-z0-9-]+)\/billing)\s*$/

/**
 * A server message, with the billing page it names at its end (a create refused over a quota:
 * "… Upgrade on the Billing page: /app/organizations/acme/billing") made a link.
 */
export function MessageWithBillingLink({ message }: { message: string }) {
  const match = BILLING_PATH.exec(message)
  if (!match) return <>{message}</>
  const before = message.slice(0, match.index).replace(/:\s*$/, '')
  return (
    <>
      {before}:{' '}
      <Link
        to="/app/organizations/$organizationSlug/billing"
        params={{ organizationSlug: match[2] as string }}
        className="text-link"
      >
        open Billing
      </Link>
    </>
  )
}
