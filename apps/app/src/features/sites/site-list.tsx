import { Button, DataTable } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Time } from '~/lib/dates.tsx'
import { sitesQuery } from './queries.ts'

/** The organization's sites by name, with their page count and last change. */
export function SiteList({
  organizationSlug,
  canManageSites,
}: {
  organizationSlug: string
  canManageSites: boolean
}) {
  const { data: sites } = useSuspenseQuery(sitesQuery(organizationSlug))
  const createSite = canManageSites ? (
    <Button asChild variant="primary">
      <Link to="/app/organizations/$organizationSlug/sites/new" params={{ organizationSlug }}>
        Create site
      </Link>
    </Button>
  ) : null

  return (
    <section aria-labelledby="sites-heading" className="stack">
      <div className="section-heading">
        <h2 id="sites-heading">Sites</h2>
        {sites.length > 0 ? createSite : null}
      </div>
      <DataTable
        label="Site list"
        rows={sites}
        empty={{
          title: 'No sites yet',
          description: canManageSites
            ? 'Add a site by its hostname to edit the metadata of its pages.'
            : 'An owner or admin of this organization adds sites; you can then edit their pages.',
          action: createSite,
        }}
        columns={[
          {
            id: 'name',
            header: 'Name',
            rowHeader: true,
            cell: (site) => (
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname"
                params={{ organizationSlug, siteHostname: site.hostname }}
                className="strong-link"
              >
                {site.name}
              </Link>
            ),
          },
          { id: 'hostname', header: 'Hostname', className: 'mono', cell: (site) => site.hostname },
          {
            id: 'pages',
            header: 'Pages',
            align: 'end',
            cell: (site) => site.pageCount.toLocaleString('en'),
          },
          {
            id: 'last-change',
            header: 'Last change',
            className: 'nowrap',
            cell: (site) => (site.lastChangedAt ? <Time value={site.lastChangedAt} /> : 'Never'),
          },
        ]}
      />
    </section>
  )
}
