import { createFileRoute } from '@tanstack/react-router'
import transferStyles from '~/features/transfer/transfer.css?url'
import { transferColumnsQuery } from '~/features/transfer/queries.ts'
import { TransferScreen } from '~/features/transfer/transfer-screen.tsx'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/transfer',
)({
  staticData: { crumb: 'Spreadsheet' },
  // The site itself is read (and refused when unknown) by the site's layout route.
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(transferColumnsQuery(params.organizationSlug))),
  head: ({ match, params }) => ({
    ...titledHead(match, 'Site', `Spreadsheet — ${params.siteHostname}`),
    links: [{ rel: 'stylesheet', href: transferStyles }],
  }),
  component: TransferPage,
})

function TransferPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <TransferScreen organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
