import { Alert, Spinner } from '@headmark/ui'
import { useQuery } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

export type LiveCheck = NonNullable<Awaited<ReturnType<RpcClient['health']['getLiveCheck']>>>

/** How often a pending check (or a save whose check has not started yet) is asked about. */
export const LIVE_POLL_MS = 1000
/** How long after a save the panel waits for its check to appear (sites not connected get none). */
const START_WAIT_MS = 15_000

/** `1.4 s`, `12 s`. */
export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`
}

const shown = (value: unknown): string =>
  value === undefined || value === null
    ? '(nothing)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

interface LivePanelProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string
  /** The page's current revision and when it was saved: the panel waits for its check. */
  current: { id: string; createdAt: Date } | null
}

/**
 * Whether the page's last save is live on the site: "Live on acme.com 1.4 s after saving", or
 * "Not live after 60 s" with what the site serves instead. Polls while the check runs.
 */
export function LivePanel({ organizationSlug, siteHostname, pagePath, current }: LivePanelProps) {
  const waitingFor = (check: LiveCheck | null | undefined) =>
    check?.state === 'pending' ||
    (current !== null &&
      check?.revisionId !== current.id &&
      Date.now() - current.createdAt.getTime() < START_WAIT_MS)
  const { data: check } = useQuery({
    ...orpc.health.getLiveCheck.queryOptions({
      input: { organizationSlug, siteHostname, pagePath },
    }),
    refetchInterval: (query) => (waitingFor(query.state.data) ? LIVE_POLL_MS : false),
  })
  if (!check) return null
  return (
    <section aria-labelledby="live-heading" className="side-panel stack" data-state={check.state}>
      <h2 id="live-heading" className="card-heading">
        On the site
      </h2>
      <LiveStatus check={check} />
    </section>
  )
}

export function LiveStatus({ check }: { check: LiveCheck }) {
  if (check.state === 'pending') {
    return (
      <div role="status" className="live-pending small">
        <Spinner label={`Checking ${check.host}`} />
        <span>
          Checking {check.host} for revision {check.revisionNumber}…
        </span>
      </div>
    )
  }
  if (check.state === 'live') {
    return (
      <Alert
        tone="success"
        title={`Live on ${check.host} ${seconds(check.elapsedMs ?? 0)} after saving`}
      >
        Revision {check.revisionNumber} is what {check.host}
        {new URL(check.url).pathname} serves.
      </Alert>
    )
  }
  const differences = check.findings.filter((finding) => finding.drift)
  return (
    <Alert
      tone="warning"
      title={`Not live after ${seconds(check.elapsedMs ?? 0)} — here is what the site serves`}
    >
      <div className="live-details">
        {check.error ? (
          <p>{check.error}</p>
        ) : check.status !== null && check.status !== 200 ? (
          <p>
            {check.url} answered {check.status}.
          </p>
        ) : null}
        {differences.length > 0 ? (
          <ul className="live-differences">
            {differences.map((finding, index) => (
              <li key={`${finding.kind}-${finding.field ?? index}`}>
                <p>{finding.message}</p>
                {finding.intended !== undefined || finding.served !== undefined ? (
                  <dl className="live-difference">
                    <dt>Revision {check.revisionNumber}</dt>
                    <dd className="mono">{shown(finding.intended)}</dd>
                    <dt>{check.host} serves</dt>
                    <dd className="mono">{shown(finding.served)}</dd>
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="small">
          Checked {check.attempts} {check.attempts === 1 ? 'time' : 'times'} at {check.url}.
        </p>
      </div>
    </Alert>
  )
}
