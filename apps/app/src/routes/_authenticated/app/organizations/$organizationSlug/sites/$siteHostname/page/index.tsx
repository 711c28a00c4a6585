import type { MetadataEditorTab } from '@headmark/ui'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { useCallback } from 'react'
import { NotFoundView } from '~/components/not-found-view.tsx'
import { revisionQuery, revisionsQuery } from '~/features/metadata-revisions/queries.ts'
import { PageEditor } from '~/features/metadata-revisions/page-editor.tsx'
import { pageQuery } from '~/features/pages/queries.ts'
import { editorSearch } from '~/features/pages/search.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/page/',
)({
  validateSearch: editorSearch,
  beforeLoad: ({ location, search, params }) => {
    // An unknown tab in the address is corrected to the default one, not an error.
    const asked = new URLSearchParams(location.searchStr).get('tab')
    if (asked !== null && asked !== search.tab) {
      throw redirect({
        to: '/app/organizations/$organizationSlug/sites/$siteHostname/page',
        params,
        search,
        replace: true,
      })
    }
  },
  loaderDeps: ({ search }) => ({
    path: search.path ?? null,
    metadataRevisionId: search.metadataRevisionId,
    locale: search.locale,
  }),
  loader: async ({ context, params, deps }) => {
    const { organizationSlug, siteHostname } = params
    // A revision id the page has no revision for is said so in place.
    await orNotFound(
      Promise.all([
        context.queryClient.ensureInfiniteQueryData(
          revisionsQuery(organizationSlug, siteHostname, deps.path, deps.locale),
        ),
        deps.locale
          ? context.queryClient.ensureQueryData(
              pageQuery(organizationSlug, siteHostname, deps.path, deps.locale),
            )
          : null,
        deps.metadataRevisionId
          ? context.queryClient.ensureQueryData(
              revisionQuery(organizationSlug, siteHostname, deps.path, deps.metadataRevisionId),
            )
          : null,
      ]),
    )
  },
  head: ({ match }) => (match.status === 'notFound' ? titledHead(match, 'Revision') : {}),
  notFoundComponent: NotFoundHere,
  component: PageEditorPage,
})

/** A revision id the page has no revision for: back to the page's editor. */
function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  const { path } = Route.useSearch()
  return (
    <NotFoundView
      what="Revision"
      description={`${path ?? 'The site’s defaults'} has no such revision.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
          params={{ organizationSlug, siteHostname }}
          search={path === undefined ? {} : { path }}
          className="text-link"
        >
          Edit the current metadata
        </Link>
      }
    />
  )
}

function PageEditorPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  const { path, tab = 'basic', metadataRevisionId, locale } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onTabChange = useCallback(
    (next: MetadataEditorTab) =>
      void navigate({
        search: (prev) => ({ ...prev, tab: next }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  )
  const onCloseRevision = useCallback(
    () =>
      void navigate({
        search: (prev) => ({ ...prev, metadataRevisionId: undefined }),
        resetScroll: false,
      }),
    [navigate],
  )
  return (
    <PageEditor
      // Another page, or another locale of it, is another draft.
      key={`${path ?? ''}\u0000${locale ?? ''}`}
      locale={locale}
      organizationSlug={organizationSlug}
      siteHostname={siteHostname}
      pagePath={path ?? null}
      tab={tab}
      onTabChange={onTabChange}
      metadataRevisionId={metadataRevisionId}
      onCloseRevision={onCloseRevision}
    />
  )
}
