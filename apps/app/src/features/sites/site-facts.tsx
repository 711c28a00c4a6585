import { Card, CardContent, CodeBlock } from '@headmark/ui'
import { Link } from '@tanstack/react-router'
import { FirstRequestStatus } from './first-request.tsx'
import type { Site } from './queries.ts'

interface SiteFactsProps {
  site: Site
  organizationSlug: string
  /** As in the address: the key the site's query is cached under. */
  siteHostname: string
}

/**
 * What identifies the site to its own servers: hostname, settings, the DSN to install, and
 * whether the site has called the public API yet.
 */
export function SiteFacts({ site, organizationSlug, siteHostname }: SiteFactsProps) {
  return (
    <Card>
      <CardContent className="stack">
        <h2 className="card-heading">Site facts</h2>
        <dl className="facts">
          <dt>Hostname</dt>
          <dd>
            <a href={`https://${site.hostname}/`} className="mono" target="_blank" rel="noreferrer">
              {site.hostname}
            </a>
          </dd>
          <dt>Title template</dt>
          <dd className={site.titleTemplate ? 'mono' : 'muted'}>{site.titleTemplate ?? 'None'}</dd>
          <dt>API key</dt>
          <dd>{site.requireApiKey ? 'Required for the public API' : 'Not required'}</dd>
        </dl>
        <CodeBlock label="DSN" code={site.dsn} copyLabel="Copy" />
        <p className="muted small">
          Your site’s server passes the DSN to <span className="mono">@headmark/metadata</span> to
          fetch each page’s metadata (<Link to="/docs/api">API reference</Link>).
        </p>
        <FirstRequestStatus organizationSlug={organizationSlug} siteHostname={siteHostname} />
      </CardContent>
    </Card>
  )
}
