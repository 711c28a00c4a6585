import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ControlledEditor as Controlled } from '../test/controlled-editor.tsx'
import { inheritedSource } from './inherited.ts'

const layers = [
  { source: 'site defaults', metadata: { title: 'Acme', description: 'Tools for everyone' } },
  {
    source: '/blog/*',
    metadata: { description: 'From the blog', openGraph: { type: 'article' as const } },
  },
]

describe('where inherited values come from', () => {
  it('names the most specific layer that sets a field', () => {
    expect(inheritedSource(layers, 'description')).toBe('/blog/*')
    expect(inheritedSource(layers, 'title')).toBe('site defaults')
    expect(inheritedSource(layers, 'openGraph.type')).toBe('/blog/*')
    expect(inheritedSource(layers, 'openGraph.title')).toBeUndefined()
  })

  it('says under each empty field where its inherited value comes from, read with the field', async () => {
    render(
      <Controlled
        initial={{}}
        inherited={{ title: 'Acme', description: 'From the blog' }}
        inheritedFrom={layers}
        tab="basic"
      />,
    )
    const title = screen.getByRole('textbox', { name: 'Title' })
    const description = screen.getByRole('textbox', { name: 'Description' })
    expect(title.getAttribute('placeholder')).toBe('Acme')
    expect(description.getAttribute('placeholder')).toBe('From the blog')
    // Screen readers read the source with the field (its description).
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
    expect(describedBy(title)).toContain('from site defaults')
    expect(describedBy(description)).toContain('from /blog/*')

    // Once the page sets the field, it no longer inherits: the note goes away.
    await userEvent.type(title, 'Launch')
    expect(describedBy(screen.getByRole('textbox', { name: 'Title' }))).not.toContain(
      'from site defaults',
    )
    expect(screen.queryByText('from site defaults')).toBeNull()
    expect(screen.getByText('from /blog/*')).toBeTruthy()
  })

  it('shows nothing of the kind without inheritedFrom', () => {
    render(<Controlled initial={{}} inherited={{ title: 'Acme' }} tab="basic" />)
    expect(screen.queryByText(/^from /)).toBeNull()
  })
})
