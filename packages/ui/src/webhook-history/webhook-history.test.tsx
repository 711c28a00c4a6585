import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { sampleCalls } from './history.fixtures.ts'
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
