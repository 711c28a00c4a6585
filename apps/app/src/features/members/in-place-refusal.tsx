import { Alert } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** What a member sees, in place, on the invite screen: only owners and admins invite. */
export function InPlaceRefusal({ organizationSlug }: { organizationSlug: string }) {
  return (
    <Alert
      tone="info"
      live="assertive"
      headingLevel={2}
      title="Only owners and admins can invite people"
      action={
        <Link
          to="/app/organizations/$organizationSlug/members"
          params={{ organizationSlug }}
          className="text-link"
        >
          Back to the members
        </Link>
      }
    >
      Ask an owner or admin of this organization to send the invitation.
    </Alert>
  )
}
