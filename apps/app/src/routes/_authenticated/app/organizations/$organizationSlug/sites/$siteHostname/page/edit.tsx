import { createFileRoute, redirect } from '@tanstack/react-router'
import { PageSettings } from '~/features/pages/page-settings.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/page/edit',
)({
  staticData: { crumb: 'Edit Page' },
  beforeLoad: ({ search, params }) => {
    // The site's defaults have no path to change and can not be deleted: edit them instead.
    if (search.path === undefined) {
      throw redirect({
        to: '/app/organizations/$organizationSlug/sites/$siteHostname/page',
        params,
      })
    }
    return { pagePath: search.path }
  },
  head: () => ({ meta: [{ title: 'Edit page — Headmark' }] }),
  component: EditPagePage,
})

function EditPagePage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  const { pagePath } = Route.useRouteContext()
  return (
    <PageSettings
      organizationSlug={organizationSlug}
      siteHostname={siteHostname}
      pagePath={pagePath}
    />
  )
}
