import { createFileRoute } from '@tanstack/react-router'
import { ChangeSetList } from '~/features/change-sets/change-set-list.tsx'
import { changeSetsQuery } from '~/features/change-sets/queries.ts'
import { orNotFound } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/changes/',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      context.queryClient.ensureInfiniteQueryData(
        changeSetsQuery(params.organizationSlug, params.siteHostname),
      ),
    )
  },
  head: ({ params }) => ({ meta: [{ title: `Changes of ${params.siteHostname} — Headmark` }] }),
  component: ChangesPage,
})

function ChangesPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <ChangeSetList organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
