import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ControlledEditor as Controlled } from '../test/controlled-editor.tsx'
import { pricingPage, siteDefaults } from './editor.fixtures.ts'
import type { MetadataEditorHandle } from './metadata-editor.tsx'

describe('MetadataEditor', () => {
  it('edits the title with a counter and reports the new object', async () => {
    const onChange = vi.fn()
    render(<Controlled initial={{ title: 'Pricing' }} onChange={onChange} />)
    const title = screen.getByRole('textbox', { name: 'Title' })
    await userEvent.type(title, '!')
    expect(onChange).toHaveBeenLastCalledWith({ title: 'Pricing!' })
    expect(screen.getByText(/^8 \/ 60/)).toBeTruthy()
  })

  it('omits a cleared field instead of sending an empty string', async () => {
    const onChange = vi.fn()
    render(<Controlled initial={{ title: 'A', description: 'B' }} onChange={onChange} />)
    await userEvent.clear(screen.getByRole('textbox', { name: 'Title' }))
    expect(onChange).toHaveBeenLastCalledWith({ description: 'B' })
  })

  it('tracks dirty state: Save and Reset are off until something changes', async () => {
    const onSave = vi.fn()
    render(<Controlled initial={pricingPage} onSave={onSave} />)
    const save = screen.getByRole('button', { name: 'Save' })
    expect((save as HTMLButtonElement).disabled).toBe(true)
    const title = screen.getByRole('textbox', { name: 'Title' })
    await userEvent.type(title, '!')
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes')
    await userEvent.click(save)
    expect(onSave).toHaveBeenCalledWith({ ...pricingPage, title: `${pricingPage.title}!` })
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect((title as HTMLInputElement).value).toBe(pricingPage.title)
    expect(screen.getByRole('status').textContent).toBe('All changes saved')
  })

  it('offers only Save as draft, as the main button, to someone who may only propose', async () => {
    const onSaveDraft = vi.fn()
    render(<Controlled initial={pricingPage} onSaveDraft={onSaveDraft} />)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    const draft = screen.getByRole('button', { name: 'Save as draft' })
    expect(draft.className).toContain('hm-button--primary')
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '!')
    await userEvent.click(draft)
    expect(onSaveDraft).toHaveBeenCalledWith({ ...pricingPage, title: `${pricingPage.title}!` })
  })

  it('refuses to save while a built-in check fails and opens the tab with the error', async () => {
    const onSave = vi.fn()
    const onTabChange = vi.fn()
    render(
      <Controlled
        initial={{
          title: 'x',
          twitter: { image: { url: '', width: 1, height: 1, mimeType: 'image/png' } },
        }}
        savedValue={{}}
        onSave={onSave}
        onTabChange={onTabChange}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(onTabChange).toHaveBeenCalledWith('twitter')
    expect(screen.getByRole('tab', { name: 'Twitter 1 error' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    expect(screen.getByText('Enter the image URL.')).toBeTruthy()
  })

  it('shows the app’s errors on their fields', () => {
    render(<Controlled initial={{}} errors={{ title: 'Title is taken' }} />)
    const title = screen.getByRole('textbox', { name: 'Title' })
    expect(title.getAttribute('aria-invalid')).toBe('true')
    const describedBy = title.getAttribute('aria-describedby')?.split(' ')
    expect(describedBy).toContain(screen.getByText('Title is taken').id)
  })

  it('is controllable by tab and moves between tabs with the arrow keys', async () => {
    const onTabChange = vi.fn()
    render(<Controlled initial={{}} tab="twitter" onTabChange={onTabChange} />)
    const twitter = screen.getByRole('tab', { name: 'Twitter' })
    expect(twitter.getAttribute('aria-selected')).toBe('true')
    twitter.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(onTabChange).toHaveBeenCalledWith('images')
  })

  it('adds, reorders and removes custom tags, flagging duplicate names', async () => {
    const onChange = vi.fn()
    render(
      <Controlled
        initial={{ customTags: [{ name: 'robots', content: 'noai' }] }}
        defaultTab="custom"
        onChange={onChange}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }))
    const names = screen.getAllByRole('textbox', { name: 'Name' })
    expect(document.activeElement).toBe(names[1])
    await userEvent.keyboard('Robots')
    expect(names[1]?.getAttribute('aria-invalid')).toBe('true')
    expect(names[0]?.getAttribute('aria-invalid')).toBe('true')
    await userEvent.clear(names[1] as HTMLElement)
    await userEvent.type(names[1] as HTMLElement, 'theme-color')
    await userEvent.click(screen.getByRole('button', { name: 'Move theme-color up' }))
    expect(onChange).toHaveBeenLastCalledWith({
      customTags: [
        { name: 'theme-color', content: '' },
        { name: 'robots', content: 'noai' },
      ],
    })
    await userEvent.click(screen.getByRole('button', { name: 'Remove robots' }))
    expect(onChange).toHaveBeenLastCalledWith({
      customTags: [{ name: 'theme-color', content: '' }],
    })
  })

  it('shows a revision read-only, without Save or Reset', () => {
    render(<Controlled initial={pricingPage} readOnly defaultTab="custom" />)
    for (const input of screen.getAllByRole('textbox'))
      expect(input.hasAttribute('readonly')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add tag' })).toBeNull()
    expect(within(screen.getByRole('tabpanel')).queryByRole('button')).toBeNull()
  })

  it('focuses a field by its dotted path, opening its tab first', async () => {
    const ref = createRef<MetadataEditorHandle>()
    render(<Controlled initial={pricingPage} ref={ref} />)
    act(() => ref.current?.focusField('description'))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description' }))
    act(() => ref.current?.focusField('openGraph.image.alt'))
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('textbox', { name: 'Alternative text' }),
      ),
    )
    expect(screen.getByRole('tab', { name: 'Open Graph' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    // An image that is not set: its Add button.
    act(() => ref.current?.focusField('twitter.image.width'))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add card image' })),
    )
    // A custom tag's content.
    act(() => ref.current?.focusField('customTags.1.content'))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByRole('textbox', { name: 'Content' })[1]),
    )
  })

  it('shows inherited values as placeholders, never as values', async () => {
    const onChange = vi.fn()
    const onTabChange = vi.fn()
    const { rerender } = render(
      <Controlled
        initial={{ openGraph: { title: 'Pricing' } }}
        inherited={siteDefaults}
        onChange={onChange}
        tab="basic"
      />,
    )
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement
    expect(title.value).toBe('')
    expect(title.placeholder).toBe('Acme Analytics')
    await userEvent.type(title, 'P')
    expect(onChange).toHaveBeenLastCalledWith({ title: 'P', openGraph: { title: 'Pricing' } })

    rerender(
      <Controlled
        initial={{ openGraph: { title: 'Pricing' } }}
        inherited={siteDefaults}
        tab="opengraph"
        onTabChange={onTabChange}
      />,
    )
    expect(screen.getByRole('textbox', { name: 'Site name' }).getAttribute('placeholder')).toBe(
      'Acme Analytics',
    )
    // A field the page sets shows its own value; the unset choice names what it inherits.
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Pricing',
    )
    expect(
      (screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Not set (inherits “website”)')
    expect(screen.getByText('https://acme.example/og/default.png')).toBeTruthy()
  })

  it('gives no inherited hint inside an image of the page’s own, which replaces the whole image', () => {
    render(
      <Controlled
        initial={{
          openGraph: {
            image: {
              url: 'https://acme.example/own.png',
              width: 1,
              height: 1,
              mimeType: 'image/png',
            },
          },
        }}
        inherited={siteDefaults}
        tab="opengraph"
      />,
    )
    const alt = screen.getByRole('textbox', { name: 'Alternative text' }) as HTMLInputElement
    expect(alt.placeholder).toBe('')
  })

  it('names inherited icons and custom tags where the page has none', () => {
    const { unmount } = render(<Controlled initial={{}} inherited={siteDefaults} tab="images" />)
    expect(screen.getByText('/favicon-32.png')).toBeTruthy()
    unmount()
    render(<Controlled initial={{}} inherited={siteDefaults} tab="custom" />)
    expect(screen.getByText('theme-color')).toBeTruthy()
  })
})
