import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'
import { ChangeRequestDetailScreen } from '~/features/change-requests/change-request-detail.tsx'
import { ChangeRequestDetailsForm } from '~/features/change-requests/details-form.tsx'
import { changeRequestQuery } from '~/features/change-requests/queries.ts'
import { membersQuery } from '~/features/members/queries.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(
          changeRequestQuery(params.organizationSlug, params.changeRequestId),
        ),
        context.queryClient.ensureQueryData(membersQuery(params.organizationSlug)),
      ]),
    )
  },
  staticData: { crumb: 'Change request' },
  head: ({ match }) => titledHead(match, 'Change request'),
  notFoundComponent: NotFoundHere,
  component: ChangeRequestPage,
})

function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <NotFoundView
      what="Change request"
      description="This organization has no such change request."
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/change-requests"
          params={{ organizationSlug, siteHostname }}
          className="text-link"
        >
          See the site’s change requests
        </Link>
      }
    />
  )
}

function ChangeRequestPage() {
  const params = Route.useParams()
  const { data } = useSuspenseQuery(
    changeRequestQuery(params.organizationSlug, params.changeRequestId),
  )
  return (
    <div className="stack-lg">
      <ChangeRequestDetailScreen {...params} />
      {data.can.edit ? (
        <ChangeRequestDetailsForm
          key={`${data.changeRequest.title}\u0000${data.reviewers.length}`}
          organizationSlug={params.organizationSlug}
          data={data}
        />
      ) : null}
    </div>
  )
}
