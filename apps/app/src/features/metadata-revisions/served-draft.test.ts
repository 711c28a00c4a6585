import type { Metadata } from '@headmark/metadata'
import { servedMetadata } from '@headmark/api/domain/served-metadata'
import { describe, expect, it } from 'vitest'
import { servedDraft } from './served-draft.ts'

type Case = { defaults: Metadata | null; page: Metadata | null; titleTemplate?: string | null }

const image = { url: 'https://acme.com/card.png', width: 1200, height: 630, mimeType: 'image/png' }

const cases: Record<string, Case> = {
  'nothing anywhere': { defaults: null, page: null },
  'the defaults alone': {
    defaults: { title: 'Acme', description: 'Rockets', openGraph: { siteName: 'Acme', image } },
    page: null,
    titleTemplate: '%s · Acme',
  },
  'a page over the defaults, with a title template': {
    defaults: {
      title: 'Acme',
      description: 'Rockets',
      openGraph: { siteName: 'Acme', title: 'Acme rockets', image },
      twitter: { card: 'summary_large_image', description: 'Rockets for all' },
      customTags: [
        { name: 'theme-color', content: '#000' },
        { name: 'author', content: 'Acme' },
      ],
      noindex: false,
    },
    page: {
      title: 'Pricing',
      openGraph: { title: 'Pricing at Acme', determiner: '' },
      twitter: { title: 'Prices' },
      customTags: [{ name: 'Theme-Color', content: '#fff' }],
    },
    titleTemplate: '%s · Acme %s',
  },
  'a template without %s, cleared fields and a page noindex': {
    defaults: {
      title: 'Acme',
      openGraph: { title: '' },
      icon: [{ ...image, url: '/favicon.ico', mimeType: 'image/x-icon' }],
    },
    page: {
      title: '',
      description: '',
      noindex: true,
      icon: [{ ...image, url: '/page.ico', mimeType: 'image/x-icon' }],
    },
    titleTemplate: 'Acme',
  },
  'a replacement pattern in the title is kept as typed': {
    defaults: {},
    page: { title: '$& and $1' },
    titleTemplate: '%s | $$',
  },
  'an empty custom tag content is a value': {
    defaults: { customTags: [{ name: 'x', content: 'a' }] },
    page: { customTags: [{ name: 'X', content: '' }] },
  },
}

describe('what a draft will serve', () => {
  for (const [name, input] of Object.entries(cases)) {
    it(`answers as the public API does: ${name}`, () => {
      expect(servedDraft(input)).toEqual(servedMetadata(input))
    })
  }

  it('leaves out a tag the draft has not named yet, instead of failing', () => {
    const draft = { customTags: [{ name: '', content: '' }] }
    expect(servedDraft({ defaults: {}, page: draft })).toEqual({})
    expect(
      servedDraft({
        defaults: { customTags: [{ name: 'author', content: 'Acme' }] },
        page: { customTags: [{ name: '', content: 'draft' }] },
      }),
    ).toEqual({ customTags: [{ name: 'author', content: 'Acme' }] })
  })

  it('applies the template to the page’s own title only', () => {
    expect(
      servedDraft({ defaults: { title: 'Acme' }, page: {}, titleTemplate: '%s · Acme' }),
    ).toEqual({ title: 'Acme' })
    expect(
      servedDraft({
        defaults: { title: 'Acme' },
        page: { title: 'Pricing' },
        titleTemplate: '%s · Acme',
      }),
    ).toEqual({ title: 'Pricing · Acme' })
  })
})
