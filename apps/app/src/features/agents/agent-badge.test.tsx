import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AgentBadge } from './agent-badge.tsx'

describe('the agent badge of a change request', () => {
  it('reads "Opened by <agent> for <person>"', () => {
    const agent = { connectionId: 'c1', clientName: 'Claude Code' }
    const text = (html: string) => html.replace(/<[^>]+>/g, '')
    expect(text(renderToString(<AgentBadge agent={agent} person="Olga Owner" />))).toBe(
      'Opened by Claude Code for Olga Owner',
    )
    expect(text(renderToString(<AgentBadge agent={agent} person={null} />))).toBe(
      'Opened by Claude Code for a former member',
    )
  })
})
