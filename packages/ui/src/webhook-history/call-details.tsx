import { Badge } from '../badge/badge.tsx'
import { CodeBlock } from '../code-block/code-block.tsx'
import type { WebhookBody, WebhookCall } from './types.ts'

function pretty(body: WebhookBody) {
  if (body.truncated) return body.body
  try {
    return JSON.stringify(JSON.parse(body.body), null, 2)
  } catch {
    return body.body
  }
}

function BodyBlock({ title, body }: { title: string; body: WebhookBody }) {
  return (
    <section className="hm-webhook-history__section">
      <h4 className="hm-webhook-history__section-title">
        {title}
        {body.truncated ? <Badge tone="warning">Truncated</Badge> : null}
      </h4>
      {body.body ? (
        <CodeBlock code={pretty(body)} label={title} />
      ) : (
        <p className="hm-webhook-history__muted">Empty body.</p>
      )}
    </section>
  )
}

/** The expanded part of a row: what was sent and what came back. */
export function CallDetails({ call }: { call: WebhookCall }) {
  const headers = Object.entries(call.request.headers)
  return (
    <div className="hm-webhook-history__details">
      <section className="hm-webhook-history__section">
        <h4 className="hm-webhook-history__section-title">Request headers</h4>
        {headers.length === 0 ? (
          <p className="hm-webhook-history__muted">No headers recorded.</p>
        ) : (
          <dl className="hm-webhook-history__headers">
            {headers.map(([name, value]) => (
              <div key={name} className="hm-webhook-history__header">
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <BodyBlock title="Request body" body={call.request} />
      {call.response ? (
        <BodyBlock title="Response body" body={call.response} />
      ) : (
        <section className="hm-webhook-history__section">
          <h4 className="hm-webhook-history__section-title">Response</h4>
          <p className="hm-webhook-history__muted">
            No response{call.networkError ? `: ${call.networkError}` : '.'}
          </p>
        </section>
      )}
    </div>
  )
}
