import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { WebhookBacklog } from './backlog.tsx'
import { sampleCalls, sampleQueued } from './history.fixtures.ts'
import { WebhookHistory } from './webhook-history.tsx'

const formatTime = (date: Date) => date.toISOString()

describe('WebhookHistory', () => {
  it('shows one row per call with status, duration, attempt and trigger', () => {
    render(<WebhookHistory calls={sampleCalls} formatTime={formatTime} />)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      '200 Succeeded',
      '500 Failed',
      'Network error',
      '401 Failed',
    ])
    expect(within(rows[1] as HTMLElement).getByText('2 of 5')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('1034 ms')).toBeTruthy()
    expect(within(rows[2] as HTMLElement).getByText('Manual')).toBeTruthy()
  })

  it('names every value with its column, for the stacked cards of a narrow screen', () => {
    render(<WebhookHistory calls={sampleCalls} formatTime={formatTime} />)
    const [header, ...rows] = screen.getAllByRole('row')
    const headers = within(header as HTMLElement)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    for (const row of rows) {
      const labels = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label'))
      // The time titles the card and the buttons need no name; every other value has its column's.
      expect(labels).toEqual([null, ...headers.slice(1, -1), null])
    }
  })

  it('names a test ping "Test event", other events by their type, and keeps the body as sent', async () => {
    render(<WebhookHistory calls={sampleCalls} formatTime={formatTime} />)
    const rows = screen.getAllByRole('row').slice(1)
    const events = rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)
    expect(events).toEqual(['metadata_update', 'metadata_update', 'Test event', 'metadata_update'])
    expect(screen.queryByText('placeholder')).toBeNull()
    const details = within(rows[2] as HTMLElement).getByRole('button', { name: /^Details/ })
    await userEvent.click(details)
    const panel = document.getElementById(details.getAttribute('aria-controls') ?? '')
    expect(panel?.textContent).toContain('"_type": "placeholder"')
  })

  it('expands a row to the request and the truncated response', async () => {
    render(<WebhookHistory calls={sampleCalls} formatTime={formatTime} />)
    const details = screen.getAllByRole('button', { name: /^Details/ })[1] as HTMLElement
    await userEvent.click(details)
    expect(details.getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById(
      details.getAttribute('aria-controls') ?? '',
    ) as HTMLElement
    expect(within(panel).getByText('x-webhook-signature')).toBeTruthy()
    expect(within(panel).getByText('Truncated')).toBeTruthy()
    await userEvent.click(details)
    expect(details.getAttribute('aria-expanded')).toBe('false')
  })

  it('says why a call without a response failed', async () => {
    render(<WebhookHistory calls={[sampleCalls[2] as never]} formatTime={formatTime} />)
    await userEvent.click(screen.getByRole('button', { name: /^Details/ }))
    expect(screen.getByText('No response: connect ECONNREFUSED 203.0.113.7:443')).toBeTruthy()
  })

  it('hands filter, page and redeliver requests to the app', async () => {
    const onFilterChange = vi.fn()
    const onPageChange = vi.fn()
    const onRedeliver = vi.fn()
    render(
      <WebhookHistory
        calls={sampleCalls}
        page={1}
        hasNextPage
        onFilterChange={onFilterChange}
        onPageChange={onPageChange}
        onRedeliver={onRedeliver}
        formatTime={formatTime}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Failed' }))
    expect(onFilterChange).toHaveBeenCalledWith('failed')
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPageChange).toHaveBeenCalledWith(2)
    await userEvent.click(screen.getAllByRole('button', { name: /^Redeliver/ })[3] as HTMLElement)
    expect(onRedeliver).toHaveBeenCalledWith(sampleCalls[3])
  })

  it('has distinct empty, loading and error states', async () => {
    const onRetry = vi.fn()
    const { rerender } = render(<WebhookHistory calls={[]} />)
    expect(screen.getByRole('heading', { name: 'No calls yet' })).toBeTruthy()
    rerender(<WebhookHistory calls={[]} filter="failed" onFilterChange={() => {}} />)
    expect(screen.getByRole('heading', { name: 'No failed calls' })).toBeTruthy()
    rerender(<WebhookHistory calls={[]} loading />)
    expect(screen.getByRole('status').textContent).toBe('Loading calls…')
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    rerender(<WebhookHistory calls={[]} error="Timed out" onRetry={onRetry} />)
    expect(within(screen.getByRole('alert')).getByText('Timed out')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
  })
})

describe('WebhookBacklog', () => {
  const now = new Date('2026-05-04T10:00:00.000Z')

  it('lists what waits, soonest first, as sending, due or a scheduled retry', () => {
    render(<WebhookBacklog queued={sampleQueued} total={1204} formatTime={formatTime} now={now} />)
    const section = screen.getByRole('region', { name: 'Waiting to be sent' })
    expect(section.textContent).toContain(
      '1,204 attempts wait; the next at 2026-05-04T09:59:58.000Z',
    )
    expect(section.textContent).toContain('(the first 3 are listed)')
    const items = within(section).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '2026-05-04T09:59:58.000Zmetadata_updateSendingAttempt 1 of 5 · Automatic',
      '2026-05-04T09:59:59.000ZTest eventDueAttempt 1 of 1 · Manual',
      '2026-05-04T10:30:00.000Zmetadata_updateRetry scheduledAttempt 3 of 5 · Automatic',
    ])
  })

  it('shows nothing when nothing waits, and sits above the calls in the history', () => {
    const { container } = render(<WebhookBacklog queued={[]} formatTime={formatTime} />)
    expect(container.textContent).toBe('')
    render(<WebhookHistory calls={sampleCalls} queued={sampleQueued} formatTime={formatTime} />)
    expect(screen.getByRole('region', { name: 'Waiting to be sent' })).toBeTruthy()
  })
})
