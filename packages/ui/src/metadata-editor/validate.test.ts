import type { Metadata } from '@headmark/metadata'
import { describe, expect, it } from 'vitest'
import { getMetadataPath, sameMetadata, setMetadataPath } from './paths.ts'
import { validateMetadata } from './validate.ts'

const image = { url: 'https://acme.example/a.png', width: 1200, height: 630, mimeType: 'image/png' }

describe('validateMetadata', () => {
  it.each<[string, Metadata, Record<string, string>]>([
    ['an empty object', {}, {}],
    ['a complete page', { title: 'x', openGraph: { url: 'https://acme.example/', image } }, {}],
    [
      'a canonical URL without a scheme',
      { openGraph: { url: 'acme.example/pricing' } },
      { 'openGraph.url': 'Enter a full URL starting with https://.' },
    ],
    [
      'a javascript: URL',
      { openGraph: { url: 'javascript:alert(1)' } },
      { 'openGraph.url': 'Enter a full URL starting with https://.' },
    ],
    [
      'an image without url, dimensions or type',
      { twitter: { image: { url: '', width: Number.NaN, height: 0, mimeType: '' } } },
      {
        'twitter.image.url': 'Enter the image URL.',
        'twitter.image.width': 'Enter the width in whole pixels (1 or more).',
        'twitter.image.height': 'Enter the height in whole pixels (1 or more).',
        'twitter.image.mimeType': 'Enter the image type, e.g. image/png.',
      },
    ],
    [
      'a fractional width and a non-image type',
      { openGraph: { images: [{ ...image, width: 10.5, mimeType: 'text/html' }] } },
      {
        'openGraph.images.0.width': 'Enter the width in whole pixels (1 or more).',
        'openGraph.images.0.mimeType': 'Use an image media type such as image/png or image/jpeg.',
      },
    ],
    [
      'a root-relative icon (allowed) and a relative og:image (not allowed)',
      {
        icon: [{ ...image, url: '/favicon.png' }],
        openGraph: { image: { ...image, url: '/og.png' } },
      },
      { 'openGraph.image.url': 'Enter a full URL starting with https://.' },
    ],
    [
      'bad locales',
      { openGraph: { locale: 'english', localeAlternate: ['fr_FR', 'de-DE'] } },
      {
        'openGraph.locale': 'Use a locale such as en_US or fr_FR.',
        'openGraph.localeAlternate': '“de-DE” is not a locale such as en_GB.',
      },
    ],
    [
      'custom tags with a blank name, a space and a duplicate (case-insensitive)',
      {
        customTags: [
          { name: '', content: 'x' },
          { name: 'theme color', content: 'x' },
          { name: 'robots', content: 'a' },
          { name: 'Robots', content: 'b' },
        ],
      },
      {
        'customTags.0.name': 'Enter a name.',
        'customTags.1.name': 'Names can not contain spaces, quotes, <, >, = or /.',
        'customTags.2.name': '“Robots” is used by more than one tag; each name may appear once.',
        'customTags.3.name': '“Robots” is used by more than one tag; each name may appear once.',
      },
    ],
  ])('%s', (_, metadata, expected) => {
    expect(validateMetadata(metadata)).toEqual(expected)
  })
})

describe('setMetadataPath', () => {
  it('sets nested fields without touching the original', () => {
    const before: Metadata = { title: 'a' }
    const after = setMetadataPath(before, 'openGraph.siteName', 'Acme')
    expect(after).toEqual({ title: 'a', openGraph: { siteName: 'Acme' } })
    expect(before).toEqual({ title: 'a' })
  })

  it('omits cleared fields and emptied groups, as the public API does', () => {
    const metadata: Metadata = { title: 'a', openGraph: { siteName: 'Acme' }, customTags: [] }
    expect(setMetadataPath(metadata, 'openGraph.siteName', '')).toEqual({
      title: 'a',
      customTags: [],
    })
    expect(setMetadataPath(metadata, 'customTags', [])).toEqual({
      title: 'a',
      openGraph: { siteName: 'Acme' },
    })
  })

  it('keeps an image’s or a tag’s empty fields while they are being edited', () => {
    const metadata: Metadata = { customTags: [{ name: 'a', content: 'b' }] }
    const next = setMetadataPath(metadata, 'customTags.0.name', '')
    expect(next.customTags).toEqual([{ name: '', content: 'b' }])
    expect(getMetadataPath(next, 'customTags.0.content')).toBe('b')
  })
})

describe('sameMetadata', () => {
  it('compares by value and ignores undefined fields', () => {
    expect(sameMetadata({ title: 'a', description: undefined }, { title: 'a' })).toBe(true)
    expect(sameMetadata({ customTags: [{ name: 'a', content: '' }] }, { customTags: [] })).toBe(
      false,
    )
    expect(sameMetadata({ noindex: true }, { noindex: false })).toBe(false)
  })
})
