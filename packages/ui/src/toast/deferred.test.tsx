import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster, toast } from './deferred.tsx'

afterEach(async () => {
  toast.remove()
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
})

const shown = (text: string) => screen.getByText(text).closest('.hm-toast')?.className ?? ''

describe('toast before its engine has loaded', () => {
  it('shows what was asked for before the Toaster loaded', async () => {
    render(<Toaster />)
    act(() => {
      toast.error('Could not save')
      toast.success('Metadata saved')
    })
    expect(await screen.findByText('Could not save')).toBeTruthy()
    expect(shown('Could not save')).toContain('hm-toast--error')
    expect(shown('Metadata saved')).toContain('hm-toast--success')
    const texts = [...document.querySelectorAll('.hm-toast__message')].map(
      (node) => node.textContent,
    )
    expect(texts).toContain('Could not save')
    expect(texts).toContain('Metadata saved')
  })

  it('dismisses a toast by the id it answered at once', async () => {
    render(<Toaster />)
    let id = ''
    act(() => {
      id = toast.loading('Saving…')
    })
    expect(id).not.toBe('')
    expect(await screen.findByText('Saving…')).toBeTruthy()
    act(() => toast.dismiss(id))
    await waitFor(() => expect(shown('Saving…')).toContain('hm-toast--leaving'))
  })

  it('follows a promise and hands its result back to the caller', async () => {
    render(<Toaster />)
    let result: Promise<string> = Promise.resolve('')
    act(() => {
      result = toast.promise(Promise.resolve('done'), { loading: 'Working…', success: 'Finished' })
    })
    await expect(result).resolves.toBe('done')
    expect(await screen.findByText('Finished')).toBeTruthy()
    const failing = toast.promise(Promise.reject(new Error('no')), {
      loading: 'Trying…',
      error: 'Failed',
    })
    await expect(failing).rejects.toThrow('no')
    expect(await screen.findByText('Failed')).toBeTruthy()
  })
})
