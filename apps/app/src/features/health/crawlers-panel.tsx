import { Button, toast } from '@headmark/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
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
  const result = data?.result ?? null
  const drifting = result?.agents.filter((agent) => agent.drifting) ?? []
  return (
    <section aria-labelledby="crawlers-heading" className="side-panel stack">
      <h2 id="crawlers-heading" className="card-heading">
        Crawlers
      </h2>
      <div role="status" className="small">
        {data?.pending ? (
          <p>Checking {pagePath} as eight crawlers…</p>
        ) : result === null ? (
          <p className="muted">
            Fetch this page as Googlebot, Bingbot, Facebook, X, LinkedIn, Slack, Discord and a
            browser, and compare what each gets with what it should serve.
          </p>
        ) : drifting.length === 0 ? (
          <p>Every crawler gets what this page should serve.</p>
        ) : (
          <div className="stack">
            <p>
              {drifting.map((agent) => AGENT_NAMES[agent.agent] ?? agent.agent).join(', ')}{' '}
              {drifting.length === 1 ? 'gets' : 'get'} something else:
            </p>
            <ul className="live-differences">
              {[
                ...new Set(
                  drifting.flatMap((agent) =>
                    agent.error
                      ? [agent.error]
                      : agent.findings
                          .filter((finding) => finding.drift)
                          .map((finding) => finding.message),
                  ),
                ),
              ].map((message) => (
                <li key={message}>
                  <p>{message}</p>
                </li>
              ))}
            </ul>
          </div>
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
