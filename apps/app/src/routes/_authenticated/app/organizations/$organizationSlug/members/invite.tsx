import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { InviteMemberForm } from '~/features/members/invite-member-form.tsx'
import { InPlaceRefusal } from '~/features/members/in-place-refusal.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/members/invite',
)({
  staticData: { crumb: 'Invite Member' },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(organizationQuery(params.organizationSlug))
  },
  head: () => ({ meta: [{ title: 'Invite member — Headmark' }] }),
  component: InviteMemberPage,
})

function InviteMemberPage() {
  const { organizationSlug } = Route.useParams()
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  return (
    <section className="page-narrow">
      <h1>Invite a member</h1>
      {organization.role === 'member' ? (
        <InPlaceRefusal organizationSlug={organizationSlug} />
      ) : (
        <>
          <p className="lead">
            Invite a colleague to {organization.name} by e-mail. They join with the role you choose
            once they accept.
          </p>
          <InviteMemberForm organizationSlug={organizationSlug} myRole={organization.role} />
        </>
      )}
    </section>
  )
}
