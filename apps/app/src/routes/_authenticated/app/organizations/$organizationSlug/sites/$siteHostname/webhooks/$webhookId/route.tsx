import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'
import { webhookQuery } from '~/features/webhooks/queries.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      context.queryClient.ensureQueryData(webhookQuery(params.organizationSlug, params.webhookId)),
    )
  },
  head: ({ match }) => titledHead(match, 'Webhook'),
  notFoundComponent: NotFoundHere,
  component: Outlet,
})

/** A webhook id the site has none for (deleted, or never there). */
function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <NotFoundView
      what="Webhook"
      description={`${siteHostname} has no such webhook. It may have been deleted.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/webhooks"
          params={{ organizationSlug, siteHostname }}
          className="text-link"
        >
          See the site’s webhooks
        </Link>
      }
    />
  )
}
