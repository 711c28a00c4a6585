import { Card, CardContent } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { InvitationAnswer } from './invitation-answer.tsx'
import { invitationQuery } from './queries.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' })

export function InvitationDetails({ invitationId }: { invitationId: string }) {
  const { data: invitation } = useSuspenseQuery(invitationQuery(invitationId))
  return (
    <section className="page-narrow stack">
      <h1>Join {invitation.organizationName}</h1>
      <Card>
        <CardContent className="stack">
          <p>
            {invitation.inviterName} ({invitation.inviterEmail}) invited you to join{' '}
            <strong>{invitation.organizationName}</strong> as {invitation.role}.
          </p>
          <p className="muted">
            This invitation expires on {dateFormat.format(invitation.expiresAt)}.
          </p>
          <InvitationAnswer
            invitationId={invitation.id}
            organizationName={invitation.organizationName}
          />
        </CardContent>
      </Card>
    </section>
  )
}
