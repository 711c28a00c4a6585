import type { Metadata } from '@headmark/metadata'
import { fireEvent, render, screen, within } from '@testing-library/react'
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

  it('shows the app’s note in place of the language versions where they are generated', () => {
    render(
      <Controlled
        initial={{ title: 'Pricing' }}
        alternatesNote={<p>Generated from the site’s locales.</p>}
      />,
    )
    expect(screen.queryByRole('textbox', { name: /Language versions/ })).toBeNull()
    expect(screen.getByText('Generated from the site’s locales.')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Canonical URL' })).toBeTruthy()
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
    await userEvent.click(screen.getByRole('button', { name: 'JSON' }))
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
    await userEvent.click(screen.getByRole('button', { name: 'JSON' }))
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
    await userEvent.click(screen.getByRole('button', { name: 'JSON' }))
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

describe('structured data as forms', () => {
  it('fills a Product from its form, nested fields and numbers included', async () => {
    const onChange = vi.fn()
    render(<Controlled initial={{}} onChange={onChange} defaultTab="structured" />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Add an item' }), 'Product')
    const product = screen.getByRole('region', { name: 'Product (item 1)' })
    fireEvent.change(within(product).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Acme Pro' },
    })
    fireEvent.change(within(product).getByRole('textbox', { name: 'Price' }), {
      target: { value: '29.00' },
    })
    fireEvent.change(within(product).getByRole('textbox', { name: 'Average rating' }), {
      target: { value: '4.5' },
    })
    fireEvent.change(within(product).getByRole('textbox', { name: 'Images' }), {
      target: { value: 'https://acme.com/a.png\n\n https://acme.com/b.png ' },
    })
    expect(onChange).toHaveBeenLastCalledWith({
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Acme Pro',
          image: ['https://acme.com/a.png', 'https://acme.com/b.png'],
          offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'USD' },
          aggregateRating: { ratingValue: 4.5 },
        },
      ],
    })
    // Emptying a field removes the property, so the checks name what is missing.
    fireEvent.change(within(product).getByRole('textbox', { name: 'Name' }), {
      target: { value: '' },
    })
    expect(onChange.mock.lastCall?.[0].jsonLd[0]).not.toHaveProperty('name')
  })

  it('adds, removes and renumbers breadcrumbs, and edits one author as a list of one', async () => {
    const onChange = vi.fn()
    const initial: Metadata = {
      jsonLd: [
        breadcrumbsFor('https://acme.com/blog/hello'),
        { '@type': 'Article', headline: 'Hi', author: { '@type': 'Person', name: 'Ada' } },
      ],
    }
    render(<Controlled initial={initial} onChange={onChange} defaultTab="structured" />)
    const crumbs = screen.getByRole('region', { name: 'BreadcrumbList (item 1)' })
    await userEvent.click(within(crumbs).getByRole('button', { name: 'Remove crumb 2' }))
    await userEvent.click(within(crumbs).getByRole('button', { name: 'Add crumb' }))
    const list = onChange.mock.lastCall?.[0].jsonLd[0].itemListElement
    expect(
      list.map((item: { position: number; name: string }) => [item.position, item.name]),
    ).toEqual([
      [1, 'Home'],
      [2, 'Hello'],
      [3, ''],
    ])
    const article = screen.getByRole('region', { name: 'Article (item 2)' })
    expect(within(article).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Ada')
    fireEvent.change(within(article).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Ada Lovelace' },
    })
    expect(onChange.mock.lastCall?.[0].jsonLd[1].author).toEqual([
      { '@type': 'Person', name: 'Ada Lovelace' },
    ])
  })

  it('keeps types without a form editable as JSON, and shows JSON while the text does not parse', async () => {
    render(
      <Controlled
        initial={{ jsonLd: [{ '@type': 'Recipe', name: 'Soup' }] }}
        defaultTab="structured"
      />,
    )
    expect(screen.getByText('There is no form for Recipe: edit it as JSON.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'JSON' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Structured data (JSON-LD)' }), {
      target: { value: '[{' },
    })
    expect(screen.getByRole('button', { name: 'Forms' })).toHaveProperty('disabled', true)
  })
})

describe('inherited structured data on another locale’s version', () => {
  const layers = [
    {
      source: 'site defaults',
      metadata: { jsonLd: [{ '@type': 'Organization', name: 'Acme' }] },
    },
    {
      source: 'en version',
      metadata: { jsonLd: [{ '@type': 'Article', headline: 'Pricing' }] },
      jsonLdReplaced: true,
    },
  ]
  const inherited: Metadata = {
    jsonLd: [
      { '@type': 'Organization', name: 'Acme' },
      { '@type': 'Article', headline: 'Pricing' },
    ],
  }

  it('says the site’s items are served before, and the default version’s are replaced', () => {
    const { unmount } = render(
      <Controlled
        initial={{}}
        inherited={inherited}
        inheritedFrom={layers}
        defaultTab="structured"
      />,
    )
    expect(
      screen.getByText('Inherited: the site’s Organization, served before the items here.'),
    ).toBeTruthy()
    expect(
      screen.getByText(
        'Inherited from the en version: Article, served until this version has items of its own, which replace it.',
      ),
    ).toBeTruthy()
    unmount()
    render(
      <Controlled
        initial={{ jsonLd: [{ '@type': 'Article', headline: 'Preise' }] }}
        inherited={inherited}
        inheritedFrom={layers}
        defaultTab="structured"
      />,
    )
    expect(screen.queryByText(/Organization, Article/)).toBeNull()
    expect(
      screen.getByText('The en version’s Article is not served here: the items here replace it.'),
    ).toBeTruthy()
  })
})
