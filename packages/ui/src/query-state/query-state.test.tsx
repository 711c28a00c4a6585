import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { QueryState } from './query-state.tsx'

const empty = { title: 'No API keys', description: 'Create one for each server.' }

describe('QueryState', () => {
  it('shows a busy placeholder, not the content, while pending', () => {
    render(
      <QueryState status="pending" loadingLabel="Loading API keys">
        <p>content</p>
      </QueryState>,
    )
    const region = screen.getByRole('status', { name: 'Loading API keys' })
    expect(region.getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByText('content')).toBeNull()
  })

  it('shows the caller’s message and retries with "Try again"', async () => {
    const onRetry = vi.fn()
    render(
      <QueryState
        status="error"
        error={new Error('raw')}
        errorTitle="The keys could not be loaded"
        errorMessage={(error) => `Because: ${(error as Error).message}`}
        onRetry={onRetry}
      >
        <p>content</p>
      </QueryState>,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The keys could not be loaded')
    expect(alert.textContent).toContain('Because: raw')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('reads a React Query–like result: its error message and its refetch', async () => {
    const refetch = vi.fn()
    render(
      <QueryState query={{ status: 'error', error: new Error('Server down'), refetch }}>
        <p>content</p>
      </QueryState>,
    )
    expect(screen.getByRole('alert').textContent).toContain('Server down')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('offers no retry button when there is nothing to call', () => {
    render(
      <QueryState status="error" error="x">
        <p>content</p>
      </QueryState>,
    )
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('shows the empty state when the data is empty, else the content with the data', () => {
    const { rerender } = render(
      <QueryState
        query={{ status: 'success', data: [] as string[] }}
        isEmpty={(keys) => keys.length === 0}
        empty={{ ...empty, action: <button type="button">Create key</button> }}
      >
        {(keys) => <p>{keys.join(', ')}</p>}
      </QueryState>,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'No API keys' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create key' })).toBeTruthy()
    rerender(
      <QueryState
        query={{ status: 'success', data: ['prod', 'staging'] }}
        isEmpty={(keys) => keys.length === 0}
        empty={empty}
      >
        {(keys) => <p>{keys.join(', ')}</p>}
      </QueryState>,
    )
    expect(screen.getByText('prod, staging')).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })
})
