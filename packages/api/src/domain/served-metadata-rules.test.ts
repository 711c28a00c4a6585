import { describe, expect, it } from 'vitest'
import { effectiveTitleTemplate, servedMetadata, servedProvenance } from './served-metadata.ts'

const blog = {
  pattern: '/blog/**',
  metadata: {
    description: 'The blog',
    openGraph: { type: 'article' as const, siteName: 'Acme blog' },
  },
  titleTemplate: '%s — Acme blog',
}
const posts = {
  pattern: '/blog/*',
  metadata: { description: 'A post', robots: { nofollow: true } },
  titleTemplate: null,
}

describe('servedMetadata with path rules', () => {
  it('overlays defaults < rules (least specific first) < page', () => {
    expect(
      servedMetadata({
        defaults: { title: 'Acme', description: 'Tools', openGraph: { siteName: 'Acme' } },
        rules: [blog, posts],
        page: { title: 'Launch', openGraph: { title: 'We launched' } },
        titleTemplate: '%s · Acme',
      }),
    ).toEqual({
      title: 'Launch — Acme blog',
      description: 'A post',
      openGraph: { siteName: 'Acme blog', type: 'article', title: 'We launched' },
      robots: { nofollow: true },
    })
  })

  it('uses the most specific template that has one, else the site’s, on a rule’s title too', () => {
    expect(effectiveTitleTemplate([blog, posts], '%s · Acme')).toBe('%s — Acme blog')
    expect(effectiveTitleTemplate([posts], '%s · Acme')).toBe('%s · Acme')
    expect(effectiveTitleTemplate([], null)).toBeNull()
    expect(
      servedMetadata({
        defaults: { title: 'Acme' },
        rules: [{ pattern: '/docs/**', metadata: { title: 'Docs' } }],
        page: {},
        titleTemplate: '%s · Acme',
      }),
    ).toEqual({ title: 'Docs · Acme' })
    // The defaults' title stays as written, whatever template a rule has.
    expect(
      servedMetadata({ defaults: { title: 'Acme' }, rules: [blog], page: null }),
    ).toMatchObject({
      title: 'Acme',
    })
  })

  it('merges custom tags by name, robots key-wise, and appends structured data layer by layer', () => {
    const served = servedMetadata({
      defaults: {
        customTags: [{ name: 'author', content: 'Acme' }],
        jsonLd: [{ '@type': 'Organization' }],
        robots: { noarchive: true },
      },
      rules: [
        {
          pattern: '/blog/**',
          metadata: {
            customTags: [
              { name: 'Author', content: 'Blog team' },
              { name: 'x', content: '1' },
            ],
            jsonLd: [{ '@type': 'Blog' }],
          },
        },
      ],
      page: {
        customTags: [{ name: 'x', content: '2' }],
        jsonLd: [{ '@type': 'BlogPosting' }],
        robots: { nofollow: true },
      },
    })
    expect(served.customTags).toEqual([
      { name: 'Author', content: 'Blog team' },
      { name: 'x', content: '2' },
    ])
    expect(served.jsonLd).toEqual([
      { '@type': 'Organization' },
      { '@type': 'Blog' },
      { '@type': 'BlogPosting' },
    ])
    expect(served.robots).toEqual({ noarchive: true, nofollow: true })
  })

  it('replaces lists whole and never serves a rule’s canonical or alternates', () => {
    const served = servedMetadata({
      defaults: { icon: [{ url: 'https://acme.com/a.png' }] as never },
      rules: [
        {
          pattern: '/blog/*',
          metadata: {
            canonical: 'https://acme.com/x',
            icon: [{ url: 'https://acme.com/b.png' }] as never,
          },
        },
      ],
      page: {},
    })
    expect(served).toEqual({ icon: [{ url: 'https://acme.com/b.png' }] })
  })

  it('a page’s noindex: false overrides a rule’s noindex: true', () => {
    const rules = [{ pattern: '/drafts/**', metadata: { noindex: true } }]
    expect(servedMetadata({ defaults: {}, rules, page: {} })).toEqual({ noindex: true })
    expect(servedMetadata({ defaults: {}, rules, page: { noindex: false } })).toEqual({})
  })

  it('without rules, serves as before', () => {
    const input = {
      defaults: { title: 'Acme', description: 'D' },
      page: { title: 'P' },
      titleTemplate: '%s · A',
    }
    expect(servedMetadata({ ...input, rules: [] })).toEqual(servedMetadata(input))
  })
})

describe('servedProvenance', () => {
  it('names the layer each served key comes from, nested keys included', () => {
    expect(
      servedProvenance({
        defaults: { title: 'Acme', description: 'Tools', openGraph: { siteName: 'Acme' } },
        rules: [blog, posts],
        page: { openGraph: { title: 'We launched' }, canonical: 'https://acme.com/blog/launch' },
      }),
    ).toEqual({
      title: { kind: 'defaults' },
      description: { kind: 'rule', pattern: '/blog/*' },
      openGraph: { kind: 'page' },
      'openGraph.siteName': { kind: 'rule', pattern: '/blog/**' },
      'openGraph.type': { kind: 'rule', pattern: '/blog/**' },
      'openGraph.title': { kind: 'page' },
      robots: { kind: 'rule', pattern: '/blog/*' },
      'robots.nofollow': { kind: 'rule', pattern: '/blog/*' },
      canonical: { kind: 'page' },
    })
  })

  it('lists only what is served', () => {
    expect(
      servedProvenance({
        defaults: { noindex: false, canonical: 'https://acme.com/' },
        rules: [{ pattern: '/x', metadata: { description: '' } }],
        page: null,
      }),
    ).toEqual({})
  })
})
