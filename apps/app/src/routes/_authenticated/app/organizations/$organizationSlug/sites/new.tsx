import { createFileRoute } from '@tanstack/react-router'
import { loadSiteAccess, SiteSettingsRefused } from '~/features/sites/access.tsx'
import { CreateSiteForm } from '~/features/sites/create-site-form.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/new',
)({
  staticData: { crumb: 'Create Site' },
  beforeLoad: ({ context, params }) => loadSiteAccess(context.queryClient, params.organizationSlug),
  head: () => ({ meta: [{ title: 'Create site — Headmark' }] }),
  component: CreateSitePage,
})

function CreateSitePage() {
  const { organizationSlug } = Route.useParams()
  const { canManageSites } = Route.useRouteContext()
  return (
    <section className="page-narrow">
      <h1>Create a site</h1>
      {canManageSites ? (
        <>
          <p className="lead">
            A site is one hostname. Its pages get their own metadata on top of the site’s defaults.
          </p>
          <CreateSiteForm organizationSlug={organizationSlug} />
        </>
      ) : (
        <SiteSettingsRefused organizationSlug={organizationSlug} what="add sites" />
      )}
    </section>
  )
}
