import { describe, expect, it } from 'vitest'
import {
  isGetLatestResponse,
  isMetadata,
  isMetadataImage,
  isMetadataUpdatePayload,
  isWebhookPayload,
} from './guards.ts'
import type { Metadata } from './types.ts'

const image = { url: '/a.png', width: 10, height: 10, mimeType: 'image/png' }
const full: Metadata = {
  title: 'T',
  description: 'D',
  noindex: false,
  icon: [image],
  appleTouchIcon: [{ ...image, alt: 'A' }],
  openGraph: {
    title: 'T',
    description: 'D',
    locale: 'en_US',
    localeAlternate: ['fr_FR'],
    siteName: 'S',
    type: 'video.tv_show',
    url: 'https://a.com',
    determiner: '',
    image,
    images: [image],
  },
  twitter: { title: 'T', description: 'D', card: 'summary', image },
  customTags: [{ name: 'n', content: 'c' }],
}
const update = {
  _type: 'metadata_update',
  path: '/a',
  metadataRevisionId: 'rev_1',
  metadata: full,
  site: { hostname: 'acme.com', dsn: 'dsn_1' },
  timestamp: '2026-11-21T12:00:00.000Z',
}

describe('isMetadata', () => {
  it.each([
    [{}, true],
    [full, true],
    [{ title: 'T', futureField: { anything: 1 } }, true],
    [null, false],
    [[], false],
    ['{}', false],
    [{ title: 1 }, false],
    [{ noindex: 'true' }, false],
    [{ icon: image }, false],
    [{ icon: [{ ...image, width: '10' }] }, false],
    [{ icon: [{ ...image, width: -1 }] }, false],
    [{ icon: [{ ...image, height: Number.NaN }] }, false],
    [{ icon: [{ url: '/a.png' }] }, false],
    [{ openGraph: { type: 'blog' } }, false],
    [{ openGraph: { determiner: 'some' } }, false],
    [{ openGraph: { localeAlternate: ['en', 1] } }, false],
    [{ twitter: { card: 'player' } }, false],
    [{ customTags: [{ name: 'n' }] }, false],
  ])('%j → %s', (value, expected) => {
    expect(isMetadata(value)).toBe(expected)
  })
})

describe('isMetadataImage', () => {
  it.each([
    [image, true],
    [{ ...image, alt: 3 }, false],
    [{ ...image, mimeType: undefined }, false],
  ])('%j → %s', (value, expected) => {
    expect(isMetadataImage(value)).toBe(expected)
  })
})

describe('isGetLatestResponse', () => {
  it.each([
    [{ metadata: {} }, true],
    [{ metadata: full, metadataRevisionId: 'rev_1' }, true],
    [{}, false],
    [{ metadata: {}, metadataRevisionId: 1 }, false],
    [{ metadata: { title: null } }, false],
    ['<html>', false],
  ])('%j → %s', (value, expected) => {
    expect(isGetLatestResponse(value)).toBe(expected)
  })
})

describe('isWebhookPayload', () => {
  it.each([
    [{ _type: 'placeholder' }, true],
    [update, true],
    [{ ...update, path: null }, true],
    [{ ...update, locale: 'fr-CA' }, true],
    [{ ...update, locale: 1 }, false],
    [{ ...update, path: 1 }, false],
    [{ ...update, site: { hostname: 'acme.com' } }, false],
    [{ ...update, metadata: { title: 1 } }, false],
    [{ ...update, timestamp: undefined }, false],
    [{ _type: 'something_else' }, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isWebhookPayload(value)).toBe(expected)
  })

  it('tells a metadata update from a ping', () => {
    expect(isMetadataUpdatePayload(update)).toBe(true)
    expect(isMetadataUpdatePayload({ _type: 'placeholder' })).toBe(false)
    expect(isMetadataUpdatePayload('x')).toBe(false)
  })
})
