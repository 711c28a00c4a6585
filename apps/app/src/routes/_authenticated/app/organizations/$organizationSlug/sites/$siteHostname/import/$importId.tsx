import { createFileRoute, Link } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'
import { ImportDetail } from '~/features/imports/import-detail.tsx'
import { importQuery } from '~/features/imports/queries.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/import/$importId',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      context.queryClient.ensureInfiniteQueryData(
        importQuery(params.organizationSlug, params.siteHostname, params.importId),
      ),
    )
  },
  staticData: { crumb: 'Progress' },
  head: ({ match }) => titledHead(match, 'Import'),
  notFoundComponent: NotFoundHere,
  component: ImportPage,
})

/** An import id the site has none for (another site's, or never there). */
function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <NotFoundView
      what="Import"
      description={`${siteHostname} has no such import.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/import"
          params={{ organizationSlug, siteHostname }}
          className="text-link"
        >
          See the site’s imports
        </Link>
      }
    />
  )
}

function ImportPage() {
  const params = Route.useParams()
  return <ImportDetail {...params} />
}
