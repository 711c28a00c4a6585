import { Badge } from '@headmark/ui'
import { useQuery } from '@tanstack/react-query'
import { type ChangeSetLiveChecks, changeSetLiveChecksQuery } from './queries.ts'

/** How often the change set's screen asks again while a check runs. */
const POLL_MS = 2000

type Check = ChangeSetLiveChecks['checks'][number]

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * The live checks of an applied change set: whether the site serves its first pages' new
 * metadata. Polls while one is under way; renders nothing when none was started (a site that is
 * not connected, or live checks turned off).
 */
export function useChangeSetLiveChecks(
  organizationSlug: string,
  siteHostname: string,
  changeSetId: string,
  enabled: boolean,
) {
  const { data } = useQuery({
    ...changeSetLiveChecksQuery(organizationSlug, siteHostname, changeSetId),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.checks.some((check) => check.state === 'pending') ? POLL_MS : false,
  })
  return data ?? null
}

/** One page's live check, as a badge beside its result. */
export function LiveBadge({ check }: { check: Check | undefined }) {
  if (!check) return null
  if (check.state === 'pending') return <Badge tone="neutral">Checking the site…</Badge>
  if (check.state === 'live') {
    return <Badge tone="success">Live after {seconds(check.elapsedMs ?? 0)}</Badge>
  }
  return <Badge tone="danger">Not live after {seconds(check.elapsedMs ?? 0)}</Badge>
}

/** The summary: how many of the checked pages the site serves. */
export function ChangeSetLiveSummary({
  data,
  itemCount,
}: {
  data: ChangeSetLiveChecks
  itemCount: number
}) {
  const { checks, limit } = data
  if (checks.length === 0) return null
  const host = checks[0]?.host ?? ''
  const live = checks.filter((check) => check.state === 'live').length
  const notLive = checks.filter((check) => check.state === 'not_live').length
  const pending = checks.length - live - notLive
  const pages = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`
  return (
    <section aria-labelledby="change-set-live" className="stack">
      <h2 id="change-set-live">On the site</h2>
      <p role="status">
        {pending > 0
          ? `Checking ${host}: ${live} of ${pages(checks.length)} live so far.`
          : notLive === 0
            ? `Live on ${host}: ${live === 1 ? 'the page checked serves' : `all ${live} pages checked serve`} the new metadata.`
            : `${live} of ${pages(checks.length)} live on ${host}; ${pages(notLive)} not: open ${notLive === 1 ? 'it' : 'each'} to see what the site serves.`}
      </p>
      {itemCount > limit ? (
        <p className="muted small">
          The first {limit} pages of a change set are checked, in path order.
        </p>
      ) : null}
    </section>
  )
}
