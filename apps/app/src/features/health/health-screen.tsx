import {
  Alert,
  Badge,
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@headmark/ui'
import { plans } from '@headmark/api/shared'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import { Time } from '~/lib/dates.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { DriftChart } from './drift-chart.tsx'
import { type DriftedPage, type SiteHealth, siteHealthQuery } from './queries.ts'

/** How often the screen asks again while a check runs. */
export const HEALTH_POLL_MS = 2000

const AGENT_NAMES: Record<string, string> = {
  googlebot: 'Googlebot',
  bingbot: 'Bingbot',
  facebook: 'Facebook',
  twitter: 'X',
  linkedin: 'LinkedIn',
  slack: 'Slack',
  discord: 'Discord',
  browser: 'Browser',
}

const shown = (value: unknown): string =>
  value === undefined || value === null
    ? '(nothing)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

const CRAWLER_COUNT = Object.keys(AGENT_NAMES).length

const KIND_WORDS = { page: 'One page', site: 'Check now', scheduled: 'Scheduled' } as const
const STATE_WORDS = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
} as const

interface Props {
  organizationSlug: string
  siteHostname: string
}

/**
 * A site's health: the share of its pages that serve crawlers their metadata, the pages that
 * do not (what each crawler gets, against what they should serve), Check now, and the log of
 * checks.
 */
export function HealthScreen({ organizationSlug, siteHostname }: Props) {
  const params = { organizationSlug, siteHostname }
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery({
    ...siteHealthQuery(organizationSlug, siteHostname),
    refetchInterval: (query) =>
      query.state.data?.checks.some(
        (check) => check.state === 'queued' || check.state === 'running',
      )
        ? HEALTH_POLL_MS
        : false,
  })
  const running = data.checks.some(
    (check) => check.kind !== 'page' && (check.state === 'queued' || check.state === 'running'),
  )
  const check = useInlineMutation(
    orpc.health.checkSite.mutationOptions({
      onSuccess: async () => {
        toast.success(`Checking ${siteHostname}: every page, as eight crawlers.`)
        await queryClient.invalidateQueries({ queryKey: orpc.health.key() })
      },
      onError: (error) => toast.error(errorText(error)),
    }),
  )

  return (
    <div className="stack-lg health-page">
      <div>
        <h1>Health</h1>
        <p className="lead">
          Whether {siteHostname} serves search engines and link previews the metadata you set: each
          page fetched as Googlebot, Bingbot, Facebook, X, LinkedIn, Slack, Discord and a browser.
        </p>
      </div>
      <SiteNav {...params} />
      {data.connected ? null : (
        <Alert tone="info" title={`${siteHostname} is not connected yet`} live="off">
          Checks start once the site’s SDK has called Headmark, or once its ownership is verified on
          the{' '}
          <Link
            to="/app/organizations/$organizationSlug/sites/$siteHostname/import"
            params={params}
            className="text-link"
          >
            Import
          </Link>{' '}
          page.
        </Alert>
      )}
      <Card className="stack health-summary">
        <div className="health-summary__row">
          <Score data={data} />
          <Button
            onClick={() => check.mutate(params)}
            disabled={!data.connected || running || check.isPending}
          >
            {running ? 'Checking…' : 'Check now'}
          </Button>
        </div>
        <Schedule data={data} running={running} organizationSlug={organizationSlug} />
      </Card>
      <section className="stack" aria-labelledby="trend-heading">
        <h2 id="trend-heading">Drift over time</h2>
        <DriftChart checks={data.checks} />
      </section>
      <section className="stack" aria-labelledby="drifted-heading">
        <h2 id="drifted-heading">Drifted pages</h2>
        {data.latest === null ? (
          <p className="muted">No check of the whole site has finished yet.</p>
        ) : data.drifted.length === 0 ? (
          <p className="muted">Every page checked serves what it should, to every crawler.</p>
        ) : (
          <ul className="health-drifted">
            {data.drifted.map((page) => (
              <DriftedPageItem
                key={`${page.pageId} ${page.locale ?? ''}`}
                page={page}
                {...params}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="log-heading">
        <h2 id="log-heading">Checks</h2>
        {data.checks.length === 0 ? (
          <p className="muted">No checks yet.</p>
        ) : (
          <Table scrollLabel="Check log">
            <TableHeader>
              <TableRow>
                <TableHead>Started</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Pages</TableHead>
                <TableHead>Drifting</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.checks.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Time value={row.createdAt} />
                  </TableCell>
                  <TableCell>{KIND_WORDS[row.kind]}</TableCell>
                  <TableCell>{STATE_WORDS[row.state]}</TableCell>
                  <TableCell>
                    {row.state === 'done' ? row.checkedCount : (row.pageCount ?? '—')}
                  </TableCell>
                  <TableCell>{row.state === 'done' ? row.driftingCount : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <p className="muted small">
          The newest 20 checks of the whole site, and 20 of single pages, are kept, with what each
          crawler got.
        </p>
      </section>
    </div>
  )
}

const count = new Intl.NumberFormat('en-US')

/** "24 h", "3 days", "week": a period of hours as the schedule names it. */
function periodWords(hours: number): string {
  if (hours === 168) return 'week'
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`
  return `${hours} h`
}

/** The scheduled checks the organization's plan gives the site, and when the next one runs. */
function Schedule({
  data,
  running,
  organizationSlug,
}: {
  data: SiteHealth
  running: boolean
  organizationSlug: string
}) {
  const { schedule } = data
  const pages = `up to ${count.format(schedule.maxPages)} ${schedule.maxPages === 1 ? 'page' : 'pages'}`
  const bounded =
    schedule.maxPages < schedule.planPagesPerCheck ||
    (schedule.everyHours !== null &&
      schedule.planEveryHours !== null &&
      schedule.everyHours > schedule.planEveryHours)
      ? ` (this server’s limit; the ${schedule.planName} plan gives every ${periodWords(schedule.planEveryHours ?? 0)}, ${count.format(schedule.planPagesPerCheck)} pages)`
      : ''
  if (schedule.everyHours === null) {
    return (
      <p className="muted small health-schedule">
        Checked when you click Check now, {pages} a check.{' '}
        {schedule.planEveryHours === null ? (
          <>
            Scheduled checks come with a paid plan:{' '}
            {plans
              .flatMap(({ name, driftChecks }) =>
                driftChecks.everyHours === null
                  ? []
                  : [`${name} every ${periodWords(driftChecks.everyHours)}`],
              )
              .join(', ')}
            .{' '}
            <Link
              to="/app/organizations/$organizationSlug/billing"
              params={{ organizationSlug }}
              className="text-link"
            >
              Change plan
            </Link>
          </>
        ) : (
          'This server runs checks on demand only.'
        )}
      </p>
    )
  }
  return (
    <p className="muted small health-schedule">
      Checked every {periodWords(schedule.everyHours)}, {pages}
      {bounded} —{' '}
      {running ? (
        'a check is under way.'
      ) : schedule.nextAt ? (
        <>
          next check after <Time value={schedule.nextAt} />.
        </>
      ) : (
        'once the site is connected.'
      )}
    </p>
  )
}

function Score({ data }: { data: SiteHealth }) {
  if (data.score === null || data.latest === null) {
    return <p className="health-score">No score yet: run a check.</p>
  }
  const tone = data.score >= 90 ? 'success' : data.score >= 60 ? 'warning' : 'danger'
  return (
    <div className="health-score" data-tone={tone}>
      <p className="health-score__value" aria-label={`Score ${data.score} out of 100`}>
        {data.score}
        <span className="health-score__unit">%</span>
      </p>
      <p className="muted small">
        of {data.latest.checkedCount} {data.latest.checkedCount === 1 ? 'page' : 'pages'} serve what
        they should ({data.latest.driftingCount} drifting), checked{' '}
        <Time value={data.latest.finishedAt ?? data.latest.createdAt} />.
      </p>
    </div>
  )
}

function DriftedPageItem({
  page,
  organizationSlug,
  siteHostname,
}: {
  page: DriftedPage
} & Props) {
  const drifting = page.agents.filter((agent) => agent.drifting)
  // Crawlers that got the same differences are shown together.
  const groups = new Map<string, { names: string[]; agent: (typeof drifting)[number] }>()
  for (const agent of drifting) {
    const key = JSON.stringify([agent.error, agent.findings.filter((finding) => finding.drift)])
    const group = groups.get(key)
    const name = AGENT_NAMES[agent.agent] ?? agent.agent
    if (group) group.names.push(name)
    else groups.set(key, { names: [name], agent })
  }
  return (
    <li className="health-drifted__page stack">
      <div className="health-drifted__head">
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
          params={{ organizationSlug, siteHostname }}
          search={{ path: page.path, ...(page.locale ? { locale: page.locale } : {}) }}
          className="mono text-link"
        >
          {page.path}
        </Link>
        {/* On a site with locales each language version is checked at its own URL. */}
        {page.locale ? <Badge tone="neutral">{page.locale}</Badge> : null}
        <span className="health-drifted__agents">
          {drifting.map((agent) => (
            <Badge key={agent.agent} tone="warning">
              {AGENT_NAMES[agent.agent] ?? agent.agent}
            </Badge>
          ))}
        </span>
      </div>
      {[...groups.values()].map(({ names, agent }) => (
        <div key={agent.agent} className="health-agent">
          <h3 className="health-agent__name">
            {names.length === CRAWLER_COUNT ? 'Every crawler' : names.join(', ')}
          </h3>
          {agent.error ? <p>{agent.error}</p> : null}
          <ul className="live-differences">
            {agent.findings
              .filter((finding) => finding.drift)
              .map((finding, index) => (
                <li key={`${finding.kind}-${finding.field ?? index}`}>
                  <p>{finding.message}</p>
                  {finding.intended !== undefined || finding.served !== undefined ? (
                    <dl className="live-difference">
                      <dt>Should serve</dt>
                      <dd className="mono">{shown(finding.intended)}</dd>
                      <dt>Serves</dt>
                      <dd className="mono">{shown(finding.served)}</dd>
                    </dl>
                  ) : null}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </li>
  )
}
