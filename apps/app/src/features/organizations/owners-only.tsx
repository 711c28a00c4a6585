import { EmptyState } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** What a member sees, in place, on a screen only the organization's owners and admins may use. */
export function OwnersAndAdminsOnly({
  organizationSlug,
  description,
}: {
  organizationSlug: string
  /** What the member's role lets them do, and what it does not. */
  description: string
}) {
  return (
    <EmptyState
      role="alert"
      title="Only owners and admins can do this"
      description={description}
      action={
        <Link
          to="/app/organizations/$organizationSlug"
          params={{ organizationSlug }}
          className="text-link"
        >
          Back to the organization
        </Link>
      }
    />
  )
}
