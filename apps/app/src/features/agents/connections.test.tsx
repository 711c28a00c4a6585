// @vitest-environment happy-dom
import { Dialog, DialogContent } from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConnectionsTable } from './connections.tsx'
import type { AgentConnection } from './queries.ts'

// A dialog's content loads once the page is idle; here it has loaded before each test.
beforeAll(async () => {
  render(
    <Dialog open>
      <DialogContent title="Loading" />
    </Dialog>,
  )
  await screen.findByRole('dialog', { name: 'Loading' })
  cleanup()
})
afterEach(cleanup)

const MCP_URL = 'https://headmark.example/api/mcp'

const connections: AgentConnection[] = [
  {
    id: 'connection-1',
    clientName: 'Claude Code',
    organization: { id: 'org-1', name: 'Launchers', slug: 'launchers' },
    sites: null,
    scopes: ['read', 'propose'],
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: '2026-11-27T09:30:00.000Z',
  },
  {
    id: 'connection-2',
    clientName: 'Cursor',
    organization: { id: 'org-2', name: 'Readers', slug: 'readers' },
    sites: [
      { id: 'site-a', hostname: 'a.example' },
      { id: 'site-b', hostname: 'b.example' },
    ],
    scopes: ['checks'],
    createdAt: '2026-11-21T10:00:00.000Z',
    lastUsedAt: null,
  },
]

describe('connected agents', () => {
  it('lists each connection: agent, organization, sites, scopes, connected and last used', () => {
    render(
      <ConnectionsTable
        query={{ status: 'success', data: connections }}
        mcpUrl={MCP_URL}
        onRevoke={vi.fn()}
      />,
    )
    const table = screen.getByRole('table', { name: 'Your connected agents' })
    const [, claude, cursor] = within(table).getAllByRole('row')
    expect(claude?.textContent).toContain('Claude Code')
    expect(claude?.textContent).toContain('Launchers')
    expect(claude?.textContent).toContain('All sites')
    expect(claude?.textContent).toContain('Propose changes')
    expect(claude?.querySelectorAll('time')).toHaveLength(2)
    expect(cursor?.textContent).toContain('a.example, b.example')
    expect(cursor?.textContent).toContain('Run checks')
    expect(cursor?.textContent).toContain('Never')
  })

  it('revokes a connection after its confirmation, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup()
    const onRevoke = vi
      .fn<(connection: AgentConnection) => Promise<void>>()
      .mockRejectedValueOnce(
        new ORPCError('NOT_FOUND', {
          status: 404,
          message: 'This connection was already revoked.',
        }),
      )
      .mockResolvedValueOnce(undefined)
    render(
      <ConnectionsTable
        query={{ status: 'success', data: connections }}
        mcpUrl={MCP_URL}
        onRevoke={onRevoke}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Revoke Cursor, Readers' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Cursor?' })
    expect(dialog.textContent).toContain('its next call is refused')
    expect(onRevoke).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }))
    await waitFor(() => expect(dialog.textContent).toContain('already revoked'))
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onRevoke).toHaveBeenCalledTimes(2)
    expect(onRevoke.mock.calls[1]?.[0].id).toBe('connection-2')
  })

  it('without connections, says how to connect one, with the MCP server’s address', () => {
    render(
      <ConnectionsTable
        query={{ status: 'success', data: [] }}
        mcpUrl={MCP_URL}
        onRevoke={vi.fn()}
      />,
    )
    expect(screen.getByRole('heading', { name: 'No agents connected' })).toBeTruthy()
    expect(screen.getByText(MCP_URL)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('when the list fails to load, says so and offers to try again', async () => {
    const user = userEvent.setup()
    const refetch = vi.fn()
    render(
      <ConnectionsTable
        query={{ status: 'error', error: new Error('offline'), refetch }}
        mcpUrl={MCP_URL}
        onRevoke={vi.fn()}
      />,
    )
    expect(screen.getByText('Your connected agents could not be loaded')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalled()
  })
})
