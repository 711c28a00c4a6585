import { createFileRoute } from '@tanstack/react-router'
import { loadSiteAccess, SiteSettingsRefused } from '~/features/sites/access.tsx'
import { EditSite } from '~/features/sites/edit-site.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/edit',
)({
  staticData: { crumb: 'Edit Site' },
  beforeLoad: ({ context, params }) => loadSiteAccess(context.queryClient, params.organizationSlug),
  head: () => ({ meta: [{ title: 'Edit site — Headmark' }] }),
  component: EditSitePage,
})

function EditSitePage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  const { canManageSites } = Route.useRouteContext()
  if (!canManageSites) {
    return (
      <section className="page-narrow">
        <h1>Edit site</h1>
        <SiteSettingsRefused organizationSlug={organizationSlug} what="change a site’s settings" />
      </section>
    )
  }
  return <EditSite organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
