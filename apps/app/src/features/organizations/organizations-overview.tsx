import { Badge, Button, Card, CardContent, EmptyState } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { organizationsQuery } from './queries.ts'
import { pendingInvitationsQuery } from '~/features/invitations/queries.ts'

const roleLabel = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const

export function OrganizationsOverview() {
  const { data: organizations } = useSuspenseQuery(organizationsQuery())
  const { data: invitations } = useSuspenseQuery(pendingInvitationsQuery())
  return (
    <div className="stack-lg">
      <div className="page-heading">
        <h1>Organizations</h1>
        <Button asChild variant="primary">
          <Link to="/app/organizations/create">Create organization</Link>
        </Button>
      </div>
      {organizations.length === 0 ? (
        <EmptyState
          title="No organizations yet"
          description="Create one to add your first site, or accept an invitation below."
        />
      ) : (
        <ul className="card-grid" aria-label="Your organizations">
          {organizations.map((organization) => (
            <li key={organization.id}>
              <Card>
                <CardContent className="link-card">
                  <Link
                    to="/app/organizations/$organizationSlug"
                    params={{ organizationSlug: organization.slug }}
                    className="link-card-title"
                  >
                    {organization.name}
                  </Link>
                  <p className="muted">/{organization.slug}</p>
                  <Badge>{roleLabel[organization.role]}</Badge>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {invitations.length > 0 ? (
        <section aria-labelledby="invitations-heading" className="stack">
          <h2 id="invitations-heading">Invitations</h2>
          <ul className="card-grid">
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                <Card>
                  <CardContent className="link-card">
                    <Link
                      to="/app/invitations/$invitationId"
                      params={{ invitationId: invitation.id }}
                      className="link-card-title"
                    >
                      {invitation.organizationName}
                    </Link>
                    <p className="muted">
                      {invitation.inviterName} invited you as {roleLabel[invitation.role]}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
