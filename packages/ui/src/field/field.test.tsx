import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Input } from '../input/input.tsx'
import { Textarea } from '../textarea/textarea.tsx'
import { Field } from './field.tsx'

const describedByText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

describe('Field', () => {
  it('labels the control and reads description and error after it', () => {
    render(
      <Field label="Title" description="Shown in search results" error="Title is too long" required>
        <Input defaultValue="x" />
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Title' })
    expect(describedByText(input)).toEqual(['Shown in search results', 'Title is too long'])
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.hasAttribute('required')).toBe(true)
  })

  it('marks optional fields in the label and leaves valid controls unflagged', () => {
    render(
      <Field label="Site name" optional>
        <Input />
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Site name (optional)' })
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('passes its wiring to a custom control through a render function', () => {
    render(
      <Field label="Colour" error="Pick one">
        {(control) => <input type="color" {...control} />}
      </Field>,
    )
    const input = screen.getByLabelText('Colour')
    expect(describedByText(input)).toEqual(['Pick one'])
  })

  it('adds the character counter to the description and flags going over the target', () => {
    render(
      <Field label="Description" description="A sentence or two">
        <Textarea limit={10} defaultValue="Eleven char" />
      </Field>,
    )
    const textarea = screen.getByRole('textbox', { name: 'Description' })
    expect(describedByText(textarea)).toEqual([
      'A sentence or two',
      '11 / 10 characters, over the target',
    ])
  })
})
