import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Checkbox } from '../checkbox/checkbox.tsx'
import { Field } from '../field/field.tsx'
import { Switch } from './switch.tsx'

describe('Switch', () => {
  it('is named by its Field, toggles with a click on the label and with Space', async () => {
    const user = userEvent.setup()
    const onCheckedChange = vi.fn()
    render(
      <Field label="Hide from search engines" description="Adds robots: noindex.">
        <Switch onCheckedChange={onCheckedChange} />
      </Field>,
    )
    const control = screen.getByRole('switch', { name: 'Hide from search engines' })
    expect(screen.getByRole('switch', { description: 'Adds robots: noindex.' })).toBe(control)
    expect(control.getAttribute('aria-checked')).toBe('false')
    await user.click(screen.getByText('Hide from search engines'))
    expect(control.getAttribute('aria-checked')).toBe('true')
    expect(onCheckedChange).toHaveBeenLastCalledWith(true)
    control.focus()
    await user.keyboard(' ')
    expect(control.getAttribute('aria-checked')).toBe('false')
    expect(onCheckedChange).toHaveBeenLastCalledWith(false)
  })

  it('stays put while disabled and submits its value in a form only while on', async () => {
    const user = userEvent.setup()
    const onCheckedChange = vi.fn()
    const { container, rerender } = render(
      <form>
        <Switch
          aria-label="Noindex"
          name="noindex"
          checked
          disabled
          onCheckedChange={onCheckedChange}
        />
      </form>,
    )
    await user.click(screen.getByRole('switch', { name: 'Noindex' }))
    expect(onCheckedChange).not.toHaveBeenCalled()
    rerender(
      <form>
        <Switch aria-label="Noindex" name="noindex" checked />
      </form>,
    )
    const form = container.querySelector('form')!
    expect(new FormData(form).get('noindex')).toBe('on')
    rerender(
      <form>
        <Switch aria-label="Noindex" name="noindex" checked={false} />
      </form>,
    )
    expect(new FormData(form).get('noindex')).toBeNull()
  })
})

describe('Checkbox', () => {
  it('shows mixed, checks on a click, ignores Enter and toggles with Space', async () => {
    const user = userEvent.setup()
    const onCheckedChange = vi.fn()
    render(
      <Checkbox
        label="Select all"
        defaultChecked="indeterminate"
        onCheckedChange={onCheckedChange}
      />,
    )
    const box = screen.getByRole('checkbox', { name: 'Select all' })
    expect(box.getAttribute('aria-checked')).toBe('mixed')
    await user.click(box)
    expect(box.getAttribute('aria-checked')).toBe('true')
    expect(onCheckedChange).toHaveBeenLastCalledWith(true)
    await user.keyboard('{Enter}')
    expect(box.getAttribute('aria-checked')).toBe('true')
    await user.keyboard(' ')
    expect(box.getAttribute('aria-checked')).toBe('false')
    expect(onCheckedChange).toHaveBeenLastCalledWith(false)
  })
})
