import { createFileRoute } from '@tanstack/react-router'
import { ChangeRequestList } from '~/features/change-requests/change-request-list.tsx'
import { changeRequestsQuery } from '~/features/change-requests/queries.ts'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import { orNotFound } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      context.queryClient.ensureInfiniteQueryData(
        changeRequestsQuery(params.organizationSlug, params.siteHostname),
      ),
    )
  },
  head: ({ params }) => ({
    meta: [{ title: `Change requests of ${params.siteHostname} — Headmark` }],
  }),
  component: SiteChangeRequestsPage,
})

function SiteChangeRequestsPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <div className="stack-lg">
      <div className="page-heading">
        <div>
          <h1>Change requests</h1>
          <p className="muted">Drafts of {siteHostname}, reviewed and published together.</p>
        </div>
      </div>
      <SiteNav organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <ChangeRequestList organizationSlug={organizationSlug} siteHostname={siteHostname} />
    </div>
  )
}
