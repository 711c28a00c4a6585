import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { RelativeTime } from '~/lib/dates.tsx'
import { siteQuery } from './queries.ts'

/**
 * How often a site that has not called the public API yet is asked about again. TanStack Query
 * does not poll while the tab is hidden, and stops once the first call is in.
 */
export const FIRST_REQUEST_POLL_MS = 2500

interface FirstRequestStatusProps {
  organizationSlug: string
  siteHostname: string
  /** Adds a link to the site's pages once the first call is in (where the page is not already the site's). */
  linkToSite?: boolean
}

/**
 * Whether the site's server has called Headmark's public API yet: "Waiting for the first
 * request…" with a live dot until it has, then when and for which path, without a reload. One
 * `role="status"` region throughout, so the change is announced.
 */
export function FirstRequestStatus({
  organizationSlug,
  siteHostname,
  linkToSite = false,
}: FirstRequestStatusProps) {
  const { data: site } = useSuspenseQuery({
    ...siteQuery(organizationSlug, siteHostname),
    refetchInterval: (query) => (query.state.data?.firstRequest ? false : FIRST_REQUEST_POLL_MS),
  })
  const first = site.firstRequest

  return (
    <div
      className="first-request"
      role="status"
      aria-label="First request"
      data-state={first ? 'received' : 'waiting'}
    >
      <span className="first-request__indicator" aria-hidden="true" />
      {first ? (
        <div className="first-request__text">
          <p className="first-request__title">
            First request received <RelativeTime value={first.at} /> — for{' '}
            <span className="mono first-request__path">{first.path}</span>
          </p>
          {linkToSite ? (
            <p className="small">
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname"
                params={{ organizationSlug, siteHostname: site.hostname }}
                className="text-link"
              >
                Go to {site.name}’s pages
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="first-request__text">
          <p className="first-request__title">Waiting for the first request…</p>
          <p className="muted small">
            This changes by itself as soon as {site.hostname}’s server asks Headmark for a page’s
            metadata{site.requireApiKey ? ' with a valid API key' : ''}.
          </p>
        </div>
      )}
    </div>
  )
}
