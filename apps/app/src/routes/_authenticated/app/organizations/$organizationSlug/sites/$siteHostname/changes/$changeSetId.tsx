import { createFileRoute, Link } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'
import { ChangeSetDetail } from '~/features/change-sets/change-set-detail.tsx'
import { changeSetQuery } from '~/features/change-sets/queries.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      context.queryClient.ensureInfiniteQueryData(
        changeSetQuery(params.organizationSlug, params.siteHostname, params.changeSetId),
      ),
    )
  },
  staticData: { crumb: 'Change set' },
  head: ({ match }) => titledHead(match, 'Change set'),
  notFoundComponent: NotFoundHere,
  component: ChangeSetPage,
})

/** A change set id the site has none for (another site's, or never there). */
function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <NotFoundView
      what="Change set"
      description={`${siteHostname} has no such change set.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/changes"
          params={{ organizationSlug, siteHostname }}
          className="text-link"
        >
          See the site’s changes
        </Link>
      }
    />
  )
}

function ChangeSetPage() {
  const params = Route.useParams()
  return <ChangeSetDetail {...params} />
}
