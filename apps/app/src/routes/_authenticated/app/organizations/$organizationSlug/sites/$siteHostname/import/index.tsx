import { createFileRoute } from '@tanstack/react-router'
import { ImportScreen } from '~/features/imports/import-screen.tsx'
import { importsQuery, ownershipQuery } from '~/features/imports/queries.ts'
import { orNotFound } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/import/',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(
          ownershipQuery(params.organizationSlug, params.siteHostname),
        ),
        context.queryClient.ensureQueryData(
          importsQuery(params.organizationSlug, params.siteHostname),
        ),
      ]),
    )
  },
  head: ({ params }) => ({ meta: [{ title: `Import into ${params.siteHostname} — Headmark` }] }),
  component: ImportPage,
})

function ImportPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <ImportScreen organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
