import { Button } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { OrganizationHeader } from '~/features/organizations/organization-header.tsx'
import { InvitationTable } from './invitation-table.tsx'
import { MemberTable } from './member-table.tsx'

/** The organization's members and pending invitations, with the actions the viewer may take. */
export function MembersPage({
  organizationSlug,
  userId,
}: {
  organizationSlug: string
  userId: string
}) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const myRole = organization.role
  return (
    <div className="stack-lg">
      <OrganizationHeader organizationSlug={organizationSlug} />
      <section aria-labelledby="members-heading" className="stack">
        <div className="section-heading">
          <h2 id="members-heading">Members</h2>
          {myRole !== 'member' ? (
            <Button asChild variant="primary">
              <Link
                to="/app/organizations/$organizationSlug/members/invite"
                params={{ organizationSlug }}
              >
                Invite member
              </Link>
            </Button>
          ) : null}
        </div>
        <p className="lead">
          {myRole === 'member'
            ? `The people of ${organization.name}. Owners and admins manage members.`
            : `The people of ${organization.name}. Owners and admins invite and manage members; only owners make owners.`}
        </p>
        <MemberTable
          organizationSlug={organizationSlug}
          organizationName={organization.name}
          myRole={myRole}
          userId={userId}
        />
      </section>
      <section aria-labelledby="invitations-heading" className="stack">
        <h2 id="invitations-heading">Pending invitations</h2>
        <InvitationTable organizationSlug={organizationSlug} myRole={myRole} />
      </section>
    </div>
  )
}
