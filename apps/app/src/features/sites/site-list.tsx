import {
  Button,
  EmptyState,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@headmark/ui'
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
      {sites.length === 0 ? (
        <EmptyState
          title="No sites yet"
          headingLevel={3}
          description={
            canManageSites
              ? 'Add a site by its hostname to edit the metadata of its pages.'
              : 'An owner or admin of this organization adds sites; you can then edit their pages.'
          }
          action={createSite}
        />
      ) : (
        <Table scrollLabel="Site list">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Hostname</TableHead>
              <TableHead className="numeric">Pages</TableHead>
              <TableHead className="hide-narrow">Last change</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sites.map((site) => (
              <TableRow key={site.id}>
                <TableCell>
                  <Link
                    to="/app/organizations/$organizationSlug/sites/$siteHostname"
                    params={{ organizationSlug, siteHostname: site.hostname }}
                    className="strong-link"
                  >
                    {site.name}
                  </Link>
                </TableCell>
                <TableCell className="mono">{site.hostname}</TableCell>
                <TableCell className="numeric">{site.pageCount.toLocaleString('en')}</TableCell>
                <TableCell className="nowrap hide-narrow">
                  {site.lastChangedAt ? <Time value={site.lastChangedAt} /> : 'Never'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
