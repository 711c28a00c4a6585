import type { Metadata } from '@headmark/metadata'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ControlledEditor as Controlled } from '../test/controlled-editor.tsx'
import { parseAlternates } from './search-directives.tsx'
import { breadcrumbsFor, parseJsonLd } from './structured-data.tsx'
import { validateMetadata } from './validate.ts'

describe('canonical, robots and language versions in the Basic tab', () => {
  it('sets a canonical URL and robots directives, and drops a directive switched off', async () => {
    const onChange = vi.fn()
    render(<Controlled initial={{ title: 'Pricing' }} onChange={onChange} />)
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Canonical URL' }),
      'https://acme.com/pricing',
    )
    await userEvent.click(screen.getByRole('switch', { name: /nofollow/ }))
    expect(onChange).toHaveBeenLastCalledWith({
      title: 'Pricing',
      canonical: 'https://acme.com/pricing',
      robots: { nofollow: true },
    })
    await userEvent.click(screen.getByRole('switch', { name: /nofollow/ }))
    expect(onChange).toHaveBeenLastCalledWith({
      title: 'Pricing',
      canonical: 'https://acme.com/pricing',
    })
  })

  it('leaves out the page-only fields when editing a site’s defaults', () => {
    render(<Controlled initial={{}} scope="defaults" />)
    expect(screen.queryByRole('textbox', { name: 'Canonical URL' })).toBeNull()
    expect(screen.queryByRole('textbox', { name: /Language versions/ })).toBeNull()
    expect(screen.getByRole('switch', { name: /noarchive/ })).toBeTruthy()
  })

  it('reads language versions one per line and names a line without its URL', async () => {
    const onSave = vi.fn()
    render(<Controlled initial={{ title: 'Pricing' }} onSave={onSave} />)
    const field = screen.getByRole('textbox', { name: /Language versions/ })
    fireEvent.change(field, {
      target: { value: 'en https://acme.com/pricing\nde\nx-default https://acme.com/pricing' },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(screen.getByText('Add the URL of the de version after its tag.')).toBeTruthy()
    fireEvent.change(field, {
      target: {
        value:
          'en https://acme.com/pricing\nde https://acme.com/de/preise\nx-default https://acme.com/pricing',
      },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith({
      title: 'Pricing',
      alternates: {
        en: 'https://acme.com/pricing',
        de: 'https://acme.com/de/preise',
        'x-default': 'https://acme.com/pricing',
      },
    })
  })

  it.each([
    ['  en   https://a.com/  \n\n', { en: 'https://a.com/' }],
    ['fr', { fr: '' }],
    ['en https://a.com/ extra', { en: 'https://a.com/ extra' }],
  ])('parses %j', (text, expected) => {
    expect(parseAlternates(text)).toEqual(expected)
  })
})

describe('the Structured data tab', () => {
  it('keeps JSON that does not parse yet, blocks Save, and saves once it parses', async () => {
    const onSave = vi.fn()
    render(<Controlled initial={{ title: 'Launch' }} onSave={onSave} defaultTab="structured" />)
    const field = screen.getByRole('textbox', { name: 'Structured data (JSON-LD)' })
    fireEvent.change(field, { target: { value: '[{ "@type": "Article", ' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(screen.getByText(/This is not JSON yet/)).toBeTruthy()
    expect((field as HTMLTextAreaElement).value).toBe('[{ "@type": "Article", ')
    fireEvent.change(field, {
      target: { value: '[{ "@type": "Article", "headline": "</script>" }]' },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith({
      title: 'Launch',
      jsonLd: [{ '@type': 'Article', headline: '</script>' }],
    })
  })

  it('offers breadcrumbs from the page’s path', async () => {
    const onChange = vi.fn()
    render(
      <Controlled
        initial={{}}
        onChange={onChange}
        defaultTab="structured"
        pageUrl="https://acme.com/blog/hello-world"
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Breadcrumbs from the path' }))
    expect(onChange).toHaveBeenLastCalledWith({
      jsonLd: [breadcrumbsFor('https://acme.com/blog/hello-world')],
    })
    expect(
      (screen.getByRole('textbox', { name: 'Structured data (JSON-LD)' }) as HTMLTextAreaElement)
        .value,
    ).toContain('"Hello world"')
  })

  it('builds a breadcrumb list with one item per segment', () => {
    expect(breadcrumbsFor('https://acme.com/docs/get-started')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://acme.com/' },
        { '@type': 'ListItem', position: 2, name: 'Docs', item: 'https://acme.com/docs' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Get started',
          item: 'https://acme.com/docs/get-started',
        },
      ],
    })
  })

  it('reads one object as a list of one, and empty text as none', () => {
    expect(parseJsonLd('{"@type":"WebSite"}')).toEqual({
      ok: true,
      items: [{ '@type': 'WebSite' }],
    })
    expect(parseJsonLd('  ')).toEqual({ ok: true, items: [] })
    expect(parseJsonLd('{')).toMatchObject({ ok: false })
  })
})

describe('validateMetadata on the search fields', () => {
  it.each([
    [{ canonical: '/pricing' }, 'canonical'],
    [{ robots: { maxSnippet: -2 } }, 'robots.maxSnippet'],
    [{ alternates: { english: 'https://a.com/' } }, 'alternates.english'],
    [{ alternates: { en: 'a.com' } }, 'alternates.en'],
    [{ jsonLd: [{ headline: 'x' }] }, 'jsonLd.0'],
  ])('flags %j at %s', (metadata, path) => {
    expect(Object.keys(validateMetadata(metadata as Metadata))).toEqual([path])
  })
})

describe('Reset on the Structured data tab', () => {
  it('throws away text that never parsed, and the error with it', async () => {
    const saved = { title: 'Launch', jsonLd: [{ '@type': 'WebSite', name: 'Acme' }] }
    render(<Controlled initial={saved} defaultTab="structured" />)
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Structured data (JSON-LD)',
    })
    fireEvent.change(field, { target: { value: '[]' } })
    fireEvent.change(field, { target: { value: '[{' } })
    expect(screen.getByText(/This is not JSON yet/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(JSON.parse(field.value)).toEqual(saved.jsonLd)
    expect(screen.queryByText(/This is not JSON yet/)).toBeNull()
  })
})
