import { Badge, Button, toast } from '@headmark/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import type { PageVersion } from './queries.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'

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

interface Props {
  organizationSlug: string
  siteHostname: string
  pagePath: string
}

/**
 * The page as crawlers get it: Check fetches it as eight crawlers (a queue job); the newest
 * result says which of them get something other than the page's metadata, and what.
 */
export function CrawlersPanel({ organizationSlug, siteHostname, pagePath }: Props) {
  const queryClient = useQueryClient()
  const input = { organizationSlug, siteHostname, pagePath }
  const { data } = useQuery({
    ...orpc.health.getPage.queryOptions({ input }),
    refetchInterval: (query) => (query.state.data?.pending ? 1000 : false),
  })
  const check = useInlineMutation(
    orpc.health.checkPage.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: orpc.health.key() })
      },
      onError: (error) => toast.error(errorText(error)),
    }),
  )
  return (
    <section aria-labelledby="crawlers-heading" className="side-panel stack">
      <h2 id="crawlers-heading" className="card-heading">
        Crawlers
      </h2>
      <div role="status" className="small">
        {data?.pending ? (
          <p>Checking {pagePath} as eight crawlers…</p>
        ) : (
          <CrawlersVerdict versions={data?.versions ?? []} />
        )}
      </div>
      <div>
        <Button
          size="sm"
          onClick={() => check.mutate(input)}
          disabled={data?.pending === true || check.isPending}
        >
          Check
        </Button>
      </div>
    </section>
  )
}

/**
 * What the newest check found, per language version: on a site with locales each version is
 * fetched at its own URL, and a version that drifts is named by its locale ("de"), so a page
 * that drifts in German only does not read as if every language did.
 */
export function CrawlersVerdict({ versions }: { versions: PageVersion[] }) {
  if (versions.length === 0) {
    return (
      <p className="muted">
        Fetch this page as Googlebot, Bingbot, Facebook, X, LinkedIn, Slack, Discord and a browser,
        and compare what each gets with what it should serve.
      </p>
    )
  }
  const drifting = versions.filter((version) => version.agents.some((agent) => agent.drifting))
  if (drifting.length === 0) {
    return <p>Every crawler gets what this page should serve.</p>
  }
  return (
    <div className="stack">
      {drifting.map((version) => (
        <VersionDrift key={version.locale ?? ''} version={version} />
      ))}
    </div>
  )
}

function VersionDrift({ version }: { version: PageVersion }) {
  const drifting = version.agents.filter((agent) => agent.drifting)
  const messages = [
    ...new Set(
      drifting.flatMap((agent) =>
        agent.error
          ? [agent.error]
          : agent.findings.filter((finding) => finding.drift).map((finding) => finding.message),
      ),
    ),
  ]
  return (
    <div className="stack">
      <p>
        {version.locale === null ? null : (
          <>
            <span className="hm-visually-hidden">In the </span>
            <Badge tone="neutral">{version.locale}</Badge>
            <span className="hm-visually-hidden"> version,</span>{' '}
          </>
        )}
        {drifting.map((agent) => AGENT_NAMES[agent.agent] ?? agent.agent).join(', ')}{' '}
        {drifting.length === 1 ? 'gets' : 'get'} something else:
      </p>
      <ul className="live-differences">
        {messages.map((message) => (
          <li key={message}>
            <p>{message}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
