import type { Metadata } from '@headmark/metadata'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  pageMetadataServing,
  type RuleLayer,
  servedMetadata,
  untemplateTitle,
} from './served-metadata.ts'

// An imported head is stored as the page metadata that serves it again: what the site's
// defaults, rules and title template add is not stored a second time.

describe('untemplateTitle', () => {
  it.each([
    ['About · Acme', '%s · Acme', 'About'],
    ['Acme | About', 'Acme | %s', 'About'],
    ['About', null, 'About'],
    ['About', 'no placeholder', 'About'],
    ['Acme', '%s · Acme', null],
    ['About · Other', '%s · Acme', null],
    ['Hi — Hi', '%s — %s', 'Hi'],
    ['Hi — Ho', '%s — %s', null],
    ['X · Acme · Acme', '%s · Acme', 'X · Acme'],
  ])('%s under %s → %s', (served, template, title) => {
    expect(untemplateTitle(served, template)).toBe(title)
  })
})

describe('pageMetadataServing', () => {
  const defaults: Metadata = {
    title: 'Acme',
    description: 'Acme makes anvils.',
    openGraph: { siteName: 'Acme', type: 'website' },
    twitter: { card: 'summary' },
    customTags: [{ name: 'theme-color', content: '#fff' }],
    jsonLd: [{ '@type': 'Organization', name: 'Acme' }],
  }

  it('strips the template and leaves out what the defaults serve', () => {
    const served: Metadata = {
      title: 'About · Acme',
      description: 'Acme makes anvils.',
      canonical: 'https://acme.test/about',
      openGraph: { siteName: 'Acme', type: 'website', title: 'About' },
      twitter: { card: 'summary' },
      customTags: [{ name: 'theme-color', content: '#fff' }],
      jsonLd: [
        { '@type': 'Organization', name: 'Acme' },
        { '@type': 'WebPage', name: 'About' },
      ],
    }
    const page = pageMetadataServing({ served, defaults, titleTemplate: '%s · Acme' })
    expect(page).toEqual({
      title: 'About',
      canonical: 'https://acme.test/about',
      openGraph: { title: 'About' },
      jsonLd: [{ '@type': 'WebPage', name: 'About' }],
    })
    // Served again, the path gives the head it was imported from: the suffix once.
    expect(servedMetadata({ defaults, page, titleTemplate: '%s · Acme' })).toEqual(served)
  })

  it('leaves out the title the defaults serve as written (the home page)', () => {
    const served: Metadata = { title: 'Acme', description: 'Welcome' }
    const page = pageMetadataServing({ served, defaults, titleTemplate: '%s · Acme' })
    expect(page.title).toBeUndefined()
    expect(servedMetadata({ defaults, page, titleTemplate: '%s · Acme' })).toMatchObject(served)
  })

  it('uses the most specific rule’s template and inherits the rule’s values', () => {
    const rules: RuleLayer[] = [
      {
        pattern: '/blog/*',
        metadata: { openGraph: { type: 'article' }, noindex: true },
        titleTemplate: '%s — Acme blog',
      },
    ]
    const served: Metadata = {
      title: 'Launch — Acme blog',
      description: 'Acme makes anvils.',
      openGraph: { siteName: 'Acme', type: 'article' },
      twitter: { card: 'summary' },
      customTags: [{ name: 'theme-color', content: '#000' }],
    }
    const page = pageMetadataServing({ served, defaults, rules, titleTemplate: '%s · Acme' })
    // The rule's noindex is turned off on the page: the head did not have it.
    expect(page).toEqual({
      title: 'Launch',
      noindex: false,
      customTags: [{ name: 'theme-color', content: '#000' }],
    })
    expect(servedMetadata({ defaults, rules, page, titleTemplate: '%s · Acme' })).toEqual({
      ...served,
      jsonLd: defaults.jsonLd,
    })
  })

  it('keeps a title that has not the template’s shape as it is', () => {
    const page = pageMetadataServing({
      served: { title: 'Elsewhere' },
      defaults: null,
      titleTemplate: '%s · Acme',
    })
    expect(page).toEqual({ title: 'Elsewhere' })
  })

  const text = fc.constantFrom('A', 'B', 'Acme', 'About · Acme', 'x')
  const image = fc.record({
    url: fc.constantFrom('https://acme.test/a.png', 'https://acme.test/b.png'),
    width: fc.constantFrom(100, 1200),
    height: fc.constantFrom(100, 630),
    mimeType: fc.constant('image/png'),
  })
  const metadata: fc.Arbitrary<Metadata> = fc.record(
    {
      title: text,
      description: text,
      noindex: fc.boolean(),
      robots: fc.record(
        { nofollow: fc.boolean(), maxSnippet: fc.constantFrom(-1, 0, 50) },
        { requiredKeys: [] },
      ),
      icon: fc.array(image, { maxLength: 2 }),
      openGraph: fc.record(
        { title: text, siteName: text, images: fc.array(image, { maxLength: 2 }) },
        { requiredKeys: [] },
      ),
      twitter: fc.record(
        { title: text, card: fc.constant('summary' as const) },
        { requiredKeys: [] },
      ),
      customTags: fc.uniqueArray(
        fc.record({ name: fc.constantFrom('a', 'b', 'c'), content: text }),
        { selector: (tag) => tag.name, maxLength: 3 },
      ),
      jsonLd: fc.array(fc.record({ '@type': text }), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  )
  const template = fc.constantFrom(null, '%s · Acme', 'Acme | %s', '%s — %s')

  it('round-trips: the stored page serves exactly the head it was made from', () => {
    fc.assert(
      fc.property(
        metadata,
        fc.option(metadata, { nil: undefined }),
        metadata,
        template,
        template,
        (defaults, ruleMetadata, own, siteTemplate, ruleTemplate) => {
          const rules: RuleLayer[] = ruleMetadata
            ? [{ pattern: '/blog/*', metadata: ruleMetadata, titleTemplate: ruleTemplate }]
            : []
          const layers = { defaults, rules, titleTemplate: siteTemplate }
          const head = servedMetadata({ ...layers, page: own })
          const page = pageMetadataServing({ ...layers, served: head })
          expect(servedMetadata({ ...layers, page })).toEqual(head)
          // Nothing the layers serve alone is stored again.
          const inherited = servedMetadata({ ...layers, page: {} })
          if (inherited.description !== undefined && inherited.description === head.description) {
            expect(page.description).toBeUndefined()
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
