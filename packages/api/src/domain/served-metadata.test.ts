import { describe, expect, it } from 'vitest'
import { applyTitleTemplate, servedMetadata } from './served-metadata.ts'

describe('servedMetadata', () => {
  it.each([
    ['nothing set anywhere', { defaults: null, page: null }, {}],
    ['defaults alone', { defaults: { title: 'Acme' }, page: null }, { title: 'Acme' }],
    [
      'the page overrides a default field and keeps the others',
      { defaults: { title: 'Acme', description: 'Rockets' }, page: { title: 'Pricing' } },
      { title: 'Pricing', description: 'Rockets' },
    ],
    [
      'the template applies to the page title only',
      { defaults: { title: 'Acme' }, page: { title: 'Pricing' }, titleTemplate: '%s · Acme' },
      { title: 'Pricing · Acme' },
    ],
    [
      'the defaults title stays untouched by the template',
      { defaults: { title: 'Acme' }, page: {}, titleTemplate: '%s · Acme' },
      { title: 'Acme' },
    ],
    [
      'Open Graph merges key by key',
      {
        defaults: { openGraph: { siteName: 'Acme', type: 'website' as const } },
        page: { openGraph: { title: 'Hi', type: 'article' as const } },
      },
      { openGraph: { siteName: 'Acme', type: 'article', title: 'Hi' } },
    ],
    [
      'custom tags merge by name, case-insensitively, the page winning',
      {
        defaults: {
          customTags: [
            { name: 'author', content: 'Acme' },
            { name: 'x', content: '1' },
          ],
        },
        page: { customTags: [{ name: 'Author', content: 'Ada' }] },
      },
      {
        customTags: [
          { name: 'Author', content: 'Ada' },
          { name: 'x', content: '1' },
        ],
      },
    ],
    [
      'noindex: false is omitted, never served',
      { defaults: { noindex: true }, page: { noindex: false } },
      {},
    ],
    ['noindex: true is served', { defaults: {}, page: { noindex: true } }, { noindex: true }],
    [
      'robots merge directive by directive, the page winning',
      {
        defaults: { robots: { maxImagePreview: 'large' as const, nofollow: true } },
        page: { robots: { nofollow: false, maxSnippet: 0 } },
      },
      { robots: { maxImagePreview: 'large', nofollow: false, maxSnippet: 0 } },
    ],
    [
      'structured data: the site’s first, then the page’s',
      {
        defaults: { jsonLd: [{ '@type': 'Organization', name: 'Acme' }] },
        page: { jsonLd: [{ '@type': 'Article', headline: 'Launch' }] },
      },
      {
        jsonLd: [
          { '@type': 'Organization', name: 'Acme' },
          { '@type': 'Article', headline: 'Launch' },
        ],
      },
    ],
    [
      'the site’s structured data alone',
      { defaults: { jsonLd: [{ '@type': 'WebSite', name: 'Acme' }] }, page: {} },
      { jsonLd: [{ '@type': 'WebSite', name: 'Acme' }] },
    ],
    [
      'canonical and language versions come from the page only',
      {
        defaults: { canonical: 'https://acme.com/', alternates: { en: 'https://acme.com/' } },
        page: { title: 'Pricing' },
      },
      { title: 'Pricing' },
    ],
    [
      'the page’s canonical and language versions are served',
      {
        defaults: {},
        page: {
          canonical: 'https://acme.com/pricing',
          alternates: { en: 'https://acme.com/pricing', 'x-default': 'https://acme.com/pricing' },
        },
      },
      {
        canonical: 'https://acme.com/pricing',
        alternates: { en: 'https://acme.com/pricing', 'x-default': 'https://acme.com/pricing' },
      },
    ],
    [
      'empty strings and lists are unset',
      { defaults: { description: 'Rockets' }, page: { description: '', icon: [] } },
      { description: 'Rockets' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(servedMetadata(input)).toEqual(expected)
  })

  it('leaves out a custom tag not named yet (an editor draft), instead of failing', () => {
    expect(
      servedMetadata({ defaults: {}, page: { customTags: [{ name: '', content: '' }] } }),
    ).toEqual({})
    expect(
      servedMetadata({
        defaults: { customTags: [{ name: 'author', content: 'Acme' }] },
        page: { customTags: [{ name: '', content: 'draft' }] },
      }),
    ).toEqual({ customTags: [{ name: 'author', content: 'Acme' }] })
  })

  it('never serves null for an unset field', () => {
    const served = servedMetadata({
      defaults: { title: 'A', openGraph: {} },
      page: { twitter: { title: '' } },
    })
    expect(JSON.stringify(served)).toBe('{"title":"A"}')
  })
})

describe('applyTitleTemplate', () => {
  it.each([
    ['Pricing', '%s · Acme', 'Pricing · Acme'],
    ['Pricing', null, 'Pricing'],
    ['Pricing', 'Acme', 'Pricing'],
    ['$& and $1', '%s | Acme', '$& and $1 | Acme'],
  ])('%s with %s', (title, template, expected) => {
    expect(applyTitleTemplate(title, template)).toBe(expected)
  })
})
