import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Alert } from './alert.tsx'

describe('Alert', () => {
  it.each([
    ['assertive', 'alert'],
    ['polite', 'status'],
  ] as const)('with live="%s" is announced as %s', (live, role) => {
    render(
      <Alert tone="danger" live={live} title="Not saved">
        The server did not answer.
      </Alert>,
    )
    expect(screen.getByRole(role).textContent).toBe('Not savedThe server did not answer.')
  })

  it('waits its turn by default and has no live role when told so', () => {
    const { rerender } = render(<Alert tone="success">Saved.</Alert>)
    expect(screen.getByRole('status').textContent).toBe('Saved.')
    rerender(<Alert live="off">Part of the page.</Alert>)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('renders its title as a heading of the given level, and its action', () => {
    render(
      <Alert
        tone="warning"
        headingLevel={2}
        title="Close to a limit"
        action={<a href="/b">Billing</a>}
      >
        Sites: 9 of 10
      </Alert>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Close to a limit' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Billing' })).toBeTruthy()
    expect(screen.getByRole('status').dataset.tone).toBe('warning')
  })
})
