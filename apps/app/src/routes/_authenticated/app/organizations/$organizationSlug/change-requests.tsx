import { createFileRoute } from '@tanstack/react-router'
import {
  ChangeRequestList,
  UpcomingReleases,
} from '~/features/change-requests/change-request-list.tsx'
import styles from '~/features/change-requests/change-requests.css?url'
import { changeRequestsQuery, upcomingReleasesQuery } from '~/features/change-requests/queries.ts'
import { OrganizationHeader } from '~/features/organizations/organization-header.tsx'
import { orNotFound } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/change-requests',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      Promise.all([
        context.queryClient.ensureInfiniteQueryData(changeRequestsQuery(params.organizationSlug)),
        context.queryClient.ensureQueryData(upcomingReleasesQuery(params.organizationSlug)),
      ]),
    )
  },
  staticData: { crumb: 'Change requests' },
  head: () => ({
    meta: [{ title: 'Change requests — Headmark' }],
    links: [{ rel: 'stylesheet', href: styles }],
  }),
  component: OrganizationChangeRequestsPage,
})

function OrganizationChangeRequestsPage() {
  const { organizationSlug } = Route.useParams()
  return (
    <div className="stack-lg">
      <OrganizationHeader organizationSlug={organizationSlug} />
      <UpcomingReleases organizationSlug={organizationSlug} />
      <section className="stack" aria-label="All change requests">
        <h2>Change requests</h2>
        <ChangeRequestList organizationSlug={organizationSlug} />
      </section>
    </div>
  )
}
