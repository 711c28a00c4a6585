import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOAST_LIMIT, toast } from './toast.ts'
import { Toaster, useToasts } from './toaster.tsx'

function HeldCount() {
  return <output aria-label="held">{useToasts().length}</output>
}

afterEach(() => {
  act(() => toast.remove())
  vi.useRealTimers()
})

describe('toast', () => {
  it('shows a success toast for 2 seconds and an error for 4', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast.success('Metadata saved')
      toast.error('Could not save')
    })
    expect(screen.getByText('Metadata saved')).toBeTruthy()
    act(() => vi.advanceTimersByTime(2100))
    expect(screen.getByText('Metadata saved').closest('.hm-toast')?.className).toContain(
      'hm-toast--leaving',
    )
    expect(screen.getByText('Could not save').closest('.hm-toast')?.className).toContain(
      'hm-toast--visible',
    )
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByText('Could not save').closest('.hm-toast')?.className).toContain(
      'hm-toast--leaving',
    )
  })

  it('keeps a loading toast until it is resolved', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    let id = ''
    act(() => {
      id = toast.loading('Publishing…')
    })
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('Publishing…').closest('.hm-toast')?.className).toContain(
      'hm-toast--visible',
    )
    act(() => toast.success('Published', { id }))
    expect(screen.getByText('Published')).toBeTruthy()
  })

  it('follows a promise from loading to success', async () => {
    render(<Toaster />)
    let resolve: (value: string) => void = () => {}
    const pending = new Promise<string>((r) => {
      resolve = r
    })
    act(() => {
      toast.promise(pending, { loading: 'Saving…', success: (v) => `Saved ${v}`, error: 'Failed' })
    })
    expect(screen.getByText('Saving…')).toBeTruthy()
    await act(async () => {
      resolve('home page')
      await pending
    })
    expect(screen.getByText('Saved home page')).toBeTruthy()
  })

  it(`holds at most ${TOAST_LIMIT} toasts`, () => {
    render(
      <>
        <Toaster />
        <HeldCount />
      </>,
    )
    act(() => {
      for (let i = 0; i < TOAST_LIMIT + 5; i++) toast(`Toast ${i}`)
    })
    expect(screen.getByLabelText('held').textContent).toBe(String(TOAST_LIMIT))
    expect(screen.queryByText('Toast 0')).toBeNull()
    expect(screen.getByText(`Toast ${TOAST_LIMIT + 4}`)).toBeTruthy()
  })

  it('lets the user dismiss a toast', () => {
    render(<Toaster />)
    act(() => {
      toast('Link copied')
    })
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click())
    expect(screen.getByText('Link copied').closest('.hm-toast')?.className).toContain(
      'hm-toast--leaving',
    )
  })
})
