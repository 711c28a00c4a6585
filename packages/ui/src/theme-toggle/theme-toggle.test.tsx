import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { applyTheme, ThemeToggle } from './theme-toggle.tsx'

describe('ThemeToggle', () => {
  it('marks the current preference and reports a new one', async () => {
    const onChange = vi.fn()
    render(<ThemeToggle value="system" onChange={onChange} />)
    expect(screen.getByRole('button', { name: 'System' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Dark' }))
    expect(onChange).toHaveBeenCalledWith('dark')
  })

  it('applies a preference to <html>, and "system" hands it back to the OS', () => {
    applyTheme('dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
    applyTheme('system')
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false)
  })
})
