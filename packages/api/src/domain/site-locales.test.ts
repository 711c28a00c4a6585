import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canonicalLocale,
  chooseLocale,
  localeMetadata,
  pageCluster,
  type SiteLocales,
  siteLocalesFromRows,
  withCluster,
} from './site-locales.ts'

const three: SiteLocales = {
  defaultLocale: 'en',
  locales: [
    { code: 'en', url: { kind: 'path-prefix', prefix: '' } },
    { code: 'de', url: { kind: 'path-prefix', prefix: '/de' } },
    { code: 'fr', url: { kind: 'subdomain', subdomain: 'fr' } },
  ],
}

describe('site locales', () => {
  it('writes codes in their conventional case and refuses what is not one', () => {
    expect(canonicalLocale(' PT-br ')).toBe('pt-BR')
    expect(canonicalLocale('zh-hant-tw')).toBe('zh-Hant-TW')
    expect(canonicalLocale('es-419')).toBe('es-419')
    expect(canonicalLocale('x-default')).toBeNull()
    expect(canonicalLocale('english')).toBeNull()
  })

  it('chooses the page’s own set for the default locale and for sites without locales', () => {
    expect(chooseLocale(null, 'de')).toEqual({ ok: true, locale: null })
    expect(chooseLocale(three, undefined)).toEqual({ ok: true, locale: null })
    expect(chooseLocale(three, 'EN')).toEqual({ ok: true, locale: null })
    expect(chooseLocale(three, 'De')).toEqual({ ok: true, locale: 'de' })
    expect(chooseLocale(three, 'es')).toEqual({
      ok: false,
      message: 'This site has no locale “es”; its locales are en, de, fr.',
    })
  })

  it('lets a locale inherit every field it does not set, but not another version’s URLs', () => {
    const own = {
      title: 'Pricing',
      description: 'Plans',
      canonical: 'https://acme.com/pricing',
      openGraph: { title: 'Pricing', siteName: 'Acme' },
      jsonLd: [{ '@type': 'Article' }],
      customTags: [{ name: 'author', content: 'Ann' }],
    }
    expect(localeMetadata(own, null)).toBe(own)
    expect(
      localeMetadata(own, {
        title: 'Preise',
        openGraph: { title: 'Preise' },
        customTags: [{ name: 'Author', content: 'Anna' }],
      }),
    ).toEqual({
      title: 'Preise',
      description: 'Plans',
      openGraph: { title: 'Preise', siteName: 'Acme' },
      jsonLd: [{ '@type': 'Article' }],
      customTags: [{ name: 'Author', content: 'Anna' }],
    })
    expect(localeMetadata(own, { jsonLd: [{ '@type': 'Product' }] })?.jsonLd).toEqual([
      { '@type': 'Product' },
    ])
  })

  it('reads back the rows it stores', () => {
    const result = siteLocalesFromRows(
      'acme.com',
      [
        { code: 'en', kind: 'path-prefix', value: '/' },
        { code: 'de', kind: 'path-prefix', value: '/de/' },
        { code: 'fr', kind: 'subdomain', value: 'FR' },
      ],
      'en',
    )
    expect(result).toEqual({ ok: true, locales: three })
  })

  it('serves a cluster only on the versions in it, and the same cluster on each (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray(['de', 'fr']),
        fc.subarray(['en', 'de', 'fr']),
        (withSets, noindex) => {
          const served = new Map(
            ['en', ...withSets].map((code) => [
              code,
              noindex.includes(code) ? { noindex: true } : {},
            ]),
          )
          const cluster = pageCluster(
            'acme.com',
            three,
            { path: '/pricing', own: {}, localized: new Map(withSets.map((code) => [code, {}])) },
            served,
          )
          const answers = ['en', 'de', 'fr'].map((code) =>
            withCluster({}, cluster.alternates, code),
          )
          for (const [index, answer] of answers.entries()) {
            const code = ['en', 'de', 'fr'][index] as string
            if (answer.alternates === undefined) continue
            // Self-referencing, with x-default, and the same cluster on every member.
            expect(answer.alternates[code]).toBeDefined()
            expect(answer.alternates['x-default']).toBeDefined()
            expect(answer.alternates).toEqual(cluster.alternates)
          }
          const members = Object.keys(cluster.alternates).filter((key) => key !== 'x-default')
          for (const code of members) {
            expect(served.has(code) && !noindex.includes(code)).toBe(true)
          }
        },
      ),
    )
  })
})
