import { EmptyState } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ConsentDecision, ConsentForm } from './consent-form.tsx'
import { INVALID_REQUEST } from './oauth-query.ts'
import { answerConsent, consentInfoQuery } from './queries.ts'

/**
 * The consent screen an MCP client's OAuth flow opens: the client, the person, and their answer.
 * Whatever the answer, the browser then goes back to the client (`redirectTo`): with a code to
 * exchange for a token, or with `access_denied`.
 */
export function ConsentScreen({
  oauthQuery,
  person,
}: {
  oauthQuery: string
  person: { name: string; email: string }
}) {
  const { data: info } = useSuspenseQuery(consentInfoQuery(oauthQuery))
  const answer = async (decision: ConsentDecision) => {
    const { redirectTo } = await answerConsent({ oauthQuery, ...decision })
    window.location.assign(redirectTo)
  }
  return <ConsentForm info={info} person={person} onAnswer={answer} />
}

/**
 * The consent screen's view of a request it can not use (malformed, expired, already answered):
 * what happened and how to start again. The server answers 404 with it, never a 500.
 */
export function ConsentRefused({ reason }: { reason?: string }) {
  return (
    <section className="page-narrow stack consent">
      <EmptyState
        headingLevel={2}
        title="This connection request can not be used"
        description={
          reason && reason !== INVALID_REQUEST
            ? reason
            : `${INVALID_REQUEST} Start connecting again from your agent: it opens a new request here.`
        }
        action={
          <Link to="/app/account" hash="connected-agents" className="text-link">
            Your connected agents
          </Link>
        }
      />
    </section>
  )
}
