import { Badge } from '@headmark/ui'

/** The agent that opened a change request, as the request's outputs carry it. */
export interface RequestAgent {
  connectionId: string
  clientName: string
}

/**
 * "Opened by <agent> for <person>": a change request an agent opened, and the person who
 * connected it (its author, who answers for it).
 */
export function AgentBadge({ agent, person }: { agent: RequestAgent; person: string | null }) {
  return (
    <Badge tone="accent" className="agent-badge">
      Opened by <bdi>{agent.clientName}</bdi> for <bdi>{person ?? 'a former member'}</bdi>
    </Badge>
  )
}
