import { Button, Card, CardContent } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { DiscoveredPathsSection } from '~/features/discovered-paths/discovered-paths-section.tsx'
import { PagesViewSwitch } from '~/features/bulk/view-switch.tsx'
import { PageList } from '~/features/pages/page-list.tsx'
import { siteQuery } from './queries.ts'
import { SiteFacts } from './site-facts.tsx'
import { SiteNav } from './site-nav.tsx'

interface SiteOverviewProps {
  organizationSlug: string
  siteHostname: string
  search: string
  onSearchChange: (search: string) => void
  canManageSites: boolean
}

/**
 * A site's home: its pages (the main column) and, beside them, its defaults and facts. Each part
 * is its own section, so the overview grows by adding sections.
 */
export function SiteOverview({
  organizationSlug,
  siteHostname,
  search,
  onSearchChange,
  canManageSites,
}: SiteOverviewProps) {
  const { data: site } = useSuspenseQuery(siteQuery(organizationSlug, siteHostname))
  const params = { organizationSlug, siteHostname }
  const navigate = useNavigate()
  return (
    <div className="stack-lg">
      <div className="page-heading">
        <div>
          <h1>{site.name}</h1>
          <p className="muted mono">{site.hostname}</p>
        </div>
        <div className="actions">
          {canManageSites ? (
            <Button asChild>
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname/edit"
                params={params}
              >
                Edit site
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="primary">
            <Link
              to="/app/organizations/$organizationSlug/sites/$siteHostname/pages/new"
              params={params}
            >
              Create page
            </Link>
          </Button>
        </div>
      </div>
      <SiteNav organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <div className="overview-grid">
        <section aria-labelledby="pages-heading" className="stack">
          <div className="section-heading">
            <h2 id="pages-heading">
              Pages <span className="muted count">{site.pageCount.toLocaleString('en')}</span>
            </h2>
            <PagesViewSwitch {...params} current="list" />
          </div>
          <PageList
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
            search={search}
            onSearchChange={onSearchChange}
          />
        </section>
        <aside className="stack" aria-label="About this site">
          <Card>
            <CardContent className="stack">
              <h2 className="card-heading">Site defaults</h2>
              <p className="muted">
                The metadata every page inherits where it sets nothing of its own.
              </p>
              <div>
                <Button asChild>
                  <Link
                    to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
                    params={params}
                  >
                    Edit site defaults
                  </Link>
                </Button>
              </div>
            </CardContent>
          </Card>
          <SiteFacts site={site} {...params} />
          <DiscoveredPathsSection
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
            onPageCreated={(page) =>
              void navigate({
                to: '/app/organizations/$organizationSlug/sites/$siteHostname/page',
                params,
                search: { path: page.path },
              })
            }
          />
        </aside>
      </div>
    </div>
  )
}
