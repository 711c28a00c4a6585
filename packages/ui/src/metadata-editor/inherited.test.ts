import { describe, expect, it } from 'vitest'
import { siteDefaults } from './editor.fixtures.ts'
import { inheritedText } from './inherited.ts'

describe('the inherited text of a field', () => {
  it.each([
    ['title', 'Acme Analytics'],
    ['description', 'Product analytics that respects your visitors.'],
    ['openGraph.siteName', 'Acme Analytics'],
    ['openGraph.type', 'website'],
    ['twitter.card', 'summary_large_image'],
    // Inside an image or a list the page's own value replaces the whole: nothing to hint.
    ['openGraph.image.url', undefined],
    ['openGraph.image.alt', undefined],
    ['icon.0.url', undefined],
    ['customTags.0.content', undefined],
    ['twitter.title', undefined],
  ])('%s → %j', (path, expected) => {
    expect(inheritedText(siteDefaults, path)).toBe(expected)
  })

  it('joins an inherited list of strings and skips empty values', () => {
    expect(
      inheritedText(
        { openGraph: { localeAlternate: ['fr_FR', 'de_DE'] } },
        'openGraph.localeAlternate',
      ),
    ).toBe('fr_FR, de_DE')
    expect(inheritedText({ openGraph: { localeAlternate: [] } }, 'openGraph.localeAlternate')).toBe(
      undefined,
    )
    expect(inheritedText({ title: '' }, 'title')).toBe(undefined)
    expect(inheritedText({}, 'title')).toBe(undefined)
  })
})
