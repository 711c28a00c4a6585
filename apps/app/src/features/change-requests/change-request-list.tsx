import { Badge, Button, EmptyState } from '@headmark/ui'
import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { AgentBadge } from '~/features/agents/agent-badge.tsx'
import { Time } from '~/lib/dates.tsx'
import { statusOf } from './change-request-labels.ts'
import { type ChangeRequestSummary, changeRequestsQuery, upcomingReleasesQuery } from './queries.ts'

/** One row: title, site, state, author, size and time; the title opens the request. */
function Row({ organizationSlug, item }: { organizationSlug: string; item: ChangeRequestSummary }) {
  const status = statusOf(item.status)
  const { agent } = item
  return (
    <li className="change-request-row">
      <Link
        to="/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId"
        params={{ organizationSlug, siteHostname: item.siteHostname, changeRequestId: item.id }}
        className="change-request-title break"
        dir="auto"
      >
        {item.title}
      </Link>
      <Badge tone={status.tone}>{status.label}</Badge>
      {agent ? <AgentBadge agent={agent} person={item.author?.name ?? null} /> : null}
      <span className="muted small">
        {item.siteHostname} · {item.author?.name ?? 'A former member'} · {item.pageCount}{' '}
        {item.pageCount === 1 ? 'page' : 'pages'}
        {item.defaults ? ' + defaults' : ''}
        {item.ruleCount > 0
          ? ` + ${item.ruleCount} ${item.ruleCount === 1 ? 'rule' : 'rules'}`
          : ''}{' '}
        ·{' '}
        {item.scheduledFor ? (
          <>
            goes live <Time value={item.scheduledFor} />
          </>
        ) : (
          <Time value={item.updatedAt} />
        )}
      </span>
    </li>
  )
}

/** An organization's (or a site's) change requests, newest first. */
export function ChangeRequestList({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname?: string
}) {
  const list = useSuspenseInfiniteQuery(changeRequestsQuery(organizationSlug, siteHostname))
  const items = list.data.pages.flatMap((page) => page.items)
  if (items.length === 0) {
    return (
      <EmptyState
        title="No change requests yet"
        description="In a page’s editor, “Save as draft” puts the edit in a change request instead of publishing it."
      />
    )
  }
  return (
    <div className="stack">
      <ul className="change-request-list" aria-label="Change requests">
        {items.map((item) => (
          <Row key={item.id} organizationSlug={organizationSlug} item={item} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  )
}

/** The organization's scheduled releases, soonest first. */
export function UpcomingReleases({ organizationSlug }: { organizationSlug: string }) {
  const { data } = useSuspenseQuery(upcomingReleasesQuery(organizationSlug))
  return (
    <section className="stack" aria-label="Upcoming releases">
      <h2>Upcoming releases</h2>
      {data.items.length === 0 ? (
        <p className="muted">No release is scheduled.</p>
      ) : (
        <ul className="change-request-list">
          {data.items.map((item) => (
            <Row key={item.id} organizationSlug={organizationSlug} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}
