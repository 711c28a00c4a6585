import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkLocaleMapping,
  hreflangCluster,
  type LocaleMapping,
  localeOfUrl,
  localeUrl,
  type LocaleUrlStrategy,
} from './hreflang.ts'

const mapping: LocaleMapping = {
  hostname: 'acme.com',
  xDefault: 'en',
  locales: {
    en: { kind: 'path-prefix', prefix: '' },
    de: { kind: 'path-prefix', prefix: '/de' },
    'de-AT': { kind: 'path-prefix', prefix: 'de/at/' },
    fr: { kind: 'subdomain', subdomain: 'fr' },
    nl: { kind: 'domain', hostname: 'acme.nl' },
  },
}

describe('localeUrl', () => {
  it.each([
    ['en', '/pricing', 'https://acme.com/pricing'],
    ['en', '/', 'https://acme.com/'],
    ['de', '/pricing/', 'https://acme.com/de/pricing'],
    ['de', '/', 'https://acme.com/de'],
    ['de-AT', '/pricing', 'https://acme.com/de/at/pricing'],
    ['fr', '/pricing', 'https://fr.acme.com/pricing'],
    ['nl', '//caf%C3%A9?x=1', 'https://acme.nl/caf%C3%A9'],
    ['nl', '/a%2Fb', 'https://acme.nl/a%2Fb'],
  ])('%s %s → %s', (locale, path, url) => {
    expect(localeUrl(mapping, locale, path)).toBe(url)
  })

  it('is null for a locale the site does not have or a malformed path', () => {
    expect(localeUrl(mapping, 'it', '/')).toBeNull()
    expect(localeUrl(mapping, 'constructor', '/')).toBeNull()
    expect(localeUrl(mapping, 'en', '/%E0%A4%A')).toBeNull()
  })

  it('uses http when the mapping says so', () => {
    expect(localeUrl({ ...mapping, protocol: 'http' }, 'de', '/a')).toBe('http://acme.com/de/a')
  })
})

describe('hreflangCluster', () => {
  it('lists every existing version and itself, with x-default', () => {
    expect(hreflangCluster(mapping, { path: '/pricing', locales: ['en', 'de', 'fr'] })).toEqual({
      alternates: {
        en: 'https://acme.com/pricing',
        de: 'https://acme.com/de/pricing',
        fr: 'https://fr.acme.com/pricing',
        'x-default': 'https://acme.com/pricing',
      },
      findings: [
        {
          rule: 'locale-page-missing',
          severity: 'info',
          locale: 'de-AT',
          message: expect.any(String),
        },
        {
          rule: 'locale-page-missing',
          severity: 'info',
          locale: 'nl',
          message: expect.any(String),
        },
      ],
    })
  })

  it('reports what it can not build: unknown locales, noindex pages, a canonical elsewhere, no x-default page', () => {
    const { alternates, findings } = hreflangCluster(mapping, {
      path: '/pricing',
      paths: { de: '/preise' },
      locales: ['en', 'de', 'fr', 'nl', 'de-AT', 'it'],
      noindex: ['en'],
      canonical: {
        de: 'https://acme.com/de/preise/',
        fr: 'https://acme.com/pricing',
        nl: 'not a url',
        it: 'https://acme.it/',
      },
    })
    expect(alternates).toEqual({
      de: 'https://acme.com/de/preise',
      'de-AT': 'https://acme.com/de/at/pricing',
      fr: 'https://fr.acme.com/pricing',
      nl: 'https://acme.nl/pricing',
      'x-default': 'https://acme.com/de/preise',
    })
    expect(findings.map(({ rule, locale }) => [rule, locale])).toEqual([
      ['locale-unknown', 'it'],
      ['noindex-in-cluster', 'en'],
      ['x-default-page-missing', 'en'],
      ['canonical-outside-cluster', 'fr'],
      ['canonical-outside-cluster', 'nl'],
    ])
  })

  it('leaves out a version whose URL is the address of another locale’s page', () => {
    const { alternates, findings } = hreflangCluster(mapping, {
      path: '/de/x',
      locales: ['en', 'fr'],
    })
    expect(alternates).toEqual({
      fr: 'https://fr.acme.com/de/x',
      'x-default': 'https://fr.acme.com/de/x',
    })
    expect(findings.map(({ rule, locale }) => [rule, locale])).toContainEqual([
      'path-ambiguous',
      'en',
    ])
  })

  it('escapes a backslash, which URL parsers read as a slash', () => {
    expect(localeUrl(mapping, 'fr', '/a%5Cb')).toBe('https://fr.acme.com/a%5Cb')
    expect(localeOfUrl(mapping, 'https://fr.acme.com/a%5Cb')).toEqual({
      locale: 'fr',
      path: '/a\\b',
    })
  })

  it('accepts a canonical that is the version’s own URL, trailing slash or not', () => {
    const { findings } = hreflangCluster(mapping, {
      path: '/',
      locales: ['en', 'de'],
      canonical: { en: 'https://acme.com', de: 'https://acme.com/de/' },
    })
    expect(findings.filter((finding) => finding.rule === 'canonical-outside-cluster')).toEqual([])
  })

  it('is empty, without x-default, when no version is indexable', () => {
    expect(
      hreflangCluster(mapping, { path: '/', locales: ['en'], noindex: ['en'] }).alternates,
    ).toEqual({})
    expect(hreflangCluster(mapping, { path: '/%E0%A4%A', locales: ['en'] }).alternates).toEqual({})
  })
})

describe('localeOfUrl', () => {
  it.each([
    ['https://acme.com/pricing', { locale: 'en', path: '/pricing' }],
    ['https://ACME.com/de/pricing/', { locale: 'de', path: '/pricing' }],
    ['https://acme.com/de', { locale: 'de', path: '/' }],
    ['https://acme.com/de/at/x', { locale: 'de-AT', path: '/x' }],
    ['https://acme.com/deutsch', { locale: 'en', path: '/deutsch' }],
    ['/de/x?y#z', { locale: 'de', path: '/x' }],
    ['https://fr.acme.com/', { locale: 'fr', path: '/' }],
    ['https://acme.nl/caf%C3%A9', { locale: 'nl', path: '/café' }],
  ])('%s → %j', (input, expected) => {
    expect(localeOfUrl(mapping, input)).toEqual(expected)
  })

  it.each(['https://evil.example/de/x', 'https://acme.com/%E0%A4%A', 'http://[bad'])(
    '%s → null',
    (input) => {
      expect(localeOfUrl(mapping, input)).toBeNull()
    },
  )

  it('finds nothing on the site host when no locale is at its root', () => {
    const noRoot: LocaleMapping = {
      ...mapping,
      locales: { de: { kind: 'path-prefix', prefix: '/de' } },
    }
    expect(localeOfUrl(noRoot, 'https://acme.com/pricing')).toBeNull()
  })
})

describe('checkLocaleMapping', () => {
  it('accepts a usable mapping', () => {
    expect(checkLocaleMapping(mapping)).toEqual([])
  })

  it('reports bad codes, URLs shared by two locales and an x-default that is not a locale', () => {
    expect(
      checkLocaleMapping({
        hostname: 'acme.com',
        xDefault: 'it',
        locales: {
          en: { kind: 'path-prefix', prefix: '/' },
          'x-default': { kind: 'path-prefix', prefix: '/x' },
          english: { kind: 'path-prefix', prefix: '' },
          'fr-CA': { kind: 'subdomain', subdomain: 'ca' },
          'fr-ca': { kind: 'domain', hostname: 'ca.acme.com' },
        },
      }).map(({ locale }) => locale),
    ).toEqual(['x-default', 'english', 'english', 'fr-ca', ''])
  })
})

// Random mappings: distinct prefixes, subdomains and domains, so that they are usable.
const strategy = fc.oneof(
  fc
    .constantFrom('', 'de', 'fr/ca', 'x', 'a-b')
    .map((prefix): LocaleUrlStrategy => ({ kind: 'path-prefix', prefix })),
  fc
    .constantFrom('de', 'fr', 'www2')
    .map((subdomain): LocaleUrlStrategy => ({ kind: 'subdomain', subdomain })),
  fc
    .constantFrom('acme.de', 'acme.fr', 'b.example')
    .map((hostname): LocaleUrlStrategy => ({ kind: 'domain', hostname })),
)
const randomMapping = fc
  .uniqueArray(
    fc.tuple(fc.constantFrom('en', 'de', 'fr', 'fr-CA', 'zh-Hant', 'es-419', 'pt'), strategy),
    {
      minLength: 1,
      maxLength: 6,
      selector: ([locale]) => locale,
    },
  )
  .filter((entries) => {
    const places = entries.map(([, s]) => JSON.stringify(s))
    return new Set(places).size === places.length
  })
  .chain((entries) =>
    fc.record({
      hostname: fc.constant('acme.com'),
      locales: fc.constant(Object.fromEntries(entries)),
      xDefault: fc.constantFrom(...entries.map(([locale]) => locale)),
    }),
  )
const segment = fc.oneof(
  fc.constantFrom('pricing', 'de', 'x', 'café', 'a b', '%2F'),
  fc.string({ maxLength: 6 }),
)
const pagePath = fc
  .array(segment, { maxLength: 3 })
  .map((parts) => `/${parts.map(encodeURIComponent).join('/')}`)

describe('the cluster, for any locale mapping', () => {
  it('is reciprocal, self-referencing and has an x-default among its URLs', () => {
    fc.assert(
      fc.property(
        randomMapping,
        pagePath,
        fc.array(fc.constantFrom('en', 'de', 'fr', 'fr-CA', 'zh-Hant', 'es-419', 'pt')),
        fc.array(fc.constantFrom('en', 'de', 'fr')),
        (siteMapping, path, locales, noindex) => {
          expect(checkLocaleMapping(siteMapping)).toEqual([])
          const { alternates, findings } = hreflangCluster(siteMapping, { path, locales, noindex })
          const members = Object.keys(alternates).filter((key) => key !== 'x-default')
          for (const locale of Object.keys(siteMapping.locales)) {
            // Self-referencing: each version is in the cluster with its own URL, or a finding
            // says why it is not.
            if (alternates[locale] !== undefined) {
              expect(alternates[locale]).toBe(localeUrl(siteMapping, locale, path))
              expect(locales).toContain(locale)
              expect(noindex).not.toContain(locale)
            } else expect(findings.map((finding) => finding.locale)).toContain(locale)
          }
          for (const locale of members) {
            const url = alternates[locale] as string
            // Reciprocal: the page at each URL is that locale's version of the same page, and
            // its cluster (built from its own URL) is this very cluster.
            const back = localeOfUrl(siteMapping, url)
            expect(back?.locale).toBe(locale)
            const again = hreflangCluster(siteMapping, {
              path: back?.path ?? '',
              locales,
              noindex,
            }).alternates
            expect(again).toEqual(alternates)
          }
          if (members.length > 0) {
            expect(Object.values(alternates)).toContain(alternates['x-default'])
            expect(members.map((locale) => alternates[locale])).toContain(alternates['x-default'])
          } else expect(alternates).toEqual({})
        },
      ),
      { numRuns: 500 },
    )
  })
})
