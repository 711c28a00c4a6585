import { ExportSection } from './export-section.tsx'
import { ImportSection } from './import-section.tsx'
import { SiteNav } from '~/features/sites/site-nav.tsx'

/**
 * A site's Spreadsheet screen (CSV import and export): every page's metadata out as a file, and
 * a file back in. Its route stays `transfer`.
 */
export function TransferScreen({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  return (
    <div className="stack-lg transfer-page">
      <div>
        <h1>Spreadsheet</h1>
        <p className="lead">
          Edit every page at once: download the site’s pages as a CSV (or NDJSON) file, change it in
          a spreadsheet or a script, then check and import it.
        </p>
      </div>
      <SiteNav organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <ExportSection organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <ImportSection organizationSlug={organizationSlug} siteHostname={siteHostname} />
    </div>
  )
}
