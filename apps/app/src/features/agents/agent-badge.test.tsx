import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AgentBadge, agentOf } from './agent-badge.tsx'

describe('the agent badge of a change request', () => {
  it('reads "Opened by <agent> for <person>"', () => {
    const agent = agentOf({ agent: { connectionId: 'c1', clientName: 'Claude Code' } })
    expect(agent).not.toBeNull()
    const html = renderToString(<AgentBadge agent={agent!} person="Olga Owner" />)
    expect(html.replace(/<[^>]+>/g, '')).toBe('Opened by Claude Code for Olga Owner')
  })

  it('is absent for a request a person opened', () => {
    expect(agentOf({ agent: null })).toBeNull()
    expect(agentOf({})).toBeNull()
  })
})
