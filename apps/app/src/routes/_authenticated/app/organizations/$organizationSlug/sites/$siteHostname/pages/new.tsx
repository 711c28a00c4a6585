import { createFileRoute } from '@tanstack/react-router'
import { CreatePageForm } from '~/features/pages/create-page-form.tsx'
import { pathFromSearch } from '~/features/pages/search.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/pages/new',
)({
  staticData: { crumb: 'Create Page' },
  validateSearch: pathFromSearch,
  head: () => ({ meta: [{ title: 'Create page — Headmark' }] }),
  component: CreatePagePage,
})

function CreatePagePage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  const { path } = Route.useSearch()
  return (
    <section className="page-narrow">
      <h1>Create a page</h1>
      <p className="lead">
        A page is one path of {siteHostname}. It serves the site’s defaults until you give it
        metadata of its own.
      </p>
      <CreatePageForm
        organizationSlug={organizationSlug}
        siteHostname={siteHostname}
        initialPath={path}
      />
    </section>
  )
}
