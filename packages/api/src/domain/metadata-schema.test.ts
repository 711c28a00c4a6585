import { describe, expect, it } from 'vitest'
import { type HostileStrings, readCorpus } from '../../test/corpus.ts'
import { metadataBytes, metadataSchema } from './metadata-schema.ts'
import { compactMetadata } from './served-metadata.ts'

const corpus = readCorpus<HostileStrings>('hostile-strings')

const image = { url: 'https://acme.com/og.png', width: 1200, height: 630, mimeType: 'image/png' }

function issuesOf(value: unknown) {
  const result = metadataSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('metadataSchema', () => {
  it('accepts every field of the contract', () => {
    const full = {
      title: 'T',
      description: 'D',
      noindex: true,
      icon: [{ url: '/favicon.svg', width: 32, height: 32, mimeType: 'image/svg+xml' }],
      appleTouchIcon: [{ ...image, width: 180, height: 180 }],
      openGraph: {
        title: 'T',
        description: 'D',
        locale: 'en_US',
        localeAlternate: ['fr_FR'],
        siteName: 'Acme',
        type: 'website',
        url: 'https://acme.com/',
        determiner: '',
        image: { ...image, alt: 'A rocket' },
        images: [image],
      },
      twitter: { title: 'T', description: 'D', card: 'summary_large_image', image },
      customTags: [{ name: 'google-site-verification', content: 'abc' }],
    }
    expect(issuesOf(full)).toEqual([])
  })

  it.each([
    [{ openGraph: { url: 'acme.com' } }, 'openGraph.url: The Open Graph URL must be a full URL'],
    [{ openGraph: { type: 'blog' } }, 'openGraph.type: Choose one of: website'],
    [{ twitter: { card: 'player' } }, 'twitter.card: Choose one of: summary'],
    [{ openGraph: { determiner: 'some' } }, 'openGraph.determiner: Choose one of'],
    [{ openGraph: { image: { ...image, width: 0 } } }, 'openGraph.image.width: The width must be'],
    [{ openGraph: { image: { ...image, height: 1.5 } } }, 'openGraph.image.height: Enter the'],
    [{ icon: [{ ...image, url: '//evil.example/x.png' }] }, 'icon.0.url: The icon URL must'],
    [{ title: 'x'.repeat(513) }, 'title: The title can have at most 512 characters.'],
    [{ colour: 'red' }, ''],
    [
      {
        customTags: [
          { name: 'a', content: '1' },
          { name: 'A', content: '2' },
        ],
      },
      'customTags.1.name: “A” is used by more than one tag',
    ],
    [{ customTags: [{ name: 'og:title', content: 'x' }] }, 'customTags.0.name: “og:title” is set'],
    [{ customTags: [{ name: 'Description', content: 'x' }] }, 'customTags.0.name: “Description”'],
  ])('refuses %j with a message', (value, message) => {
    const issues = issuesOf(value)
    expect(issues.length).toBeGreaterThan(0)
    expect(issues.join('\n')).toContain(message)
  })

  // A private address is a fine value for an image a crawler fetches (Headmark never fetches it),
  // so only the URLs that are not http(s) addresses are refused here.
  const notHttp = corpus.urls.filter((url) => !url.startsWith('http://169.254.'))
  it.each(notHttp)('refuses the URL %j wherever an absolute URL is expected', (url) => {
    expect(issuesOf({ openGraph: { url } })).not.toEqual([])
    expect(issuesOf({ twitter: { image: { ...image, url } } })).not.toEqual([])
    expect(issuesOf({ icon: [{ ...image, url }] })).not.toEqual([])
  })

  it.each([...corpus.markup, ...corpus.control_and_unicode, ...corpus.json_and_sql])(
    'keeps the text %j exactly, or refuses it (NUL)',
    (value) => {
      const result = metadataSchema.safeParse({
        title: value,
        customTags: [{ name: 'x', content: value }],
      })
      if (value.includes('\u0000')) expect(result.success).toBe(false)
      else
        expect(result.data).toEqual({ title: value, customTags: [{ name: 'x', content: value }] })
    },
  )
})

describe('canonical, robots, alternates and structured data', () => {
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'Launch',
    author: [{ '@type': 'Person', name: 'Ada', url: '' }],
  }

  it('accepts each of them', () => {
    const value = {
      canonical: 'https://acme.com/pricing',
      robots: { nofollow: true, maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: 0 },
      alternates: {
        en: 'https://acme.com/pricing',
        'fr-CA': 'https://acme.com/fr-ca/prix',
        'x-default': 'https://acme.com/pricing',
      },
      jsonLd: [article, { '@graph': [] }],
    }
    expect(issuesOf(value)).toEqual([])
    expect(metadataSchema.parse(value)).toEqual(value)
  })

  it.each([
    [{ canonical: '/pricing' }, 'canonical: The canonical URL must be a full URL'],
    [{ robots: { maxSnippet: -2 } }, 'robots.maxSnippet: The snippet length is -1'],
    [{ robots: { maxSnippet: 1.5 } }, 'robots.maxSnippet: Enter the snippet length'],
    [{ robots: { maxImagePreview: 'huge' } }, 'robots.maxImagePreview: Choose one of: none'],
    [{ robots: { follow: true } }, 'robots'],
    [{ alternates: { english: 'https://acme.com/' } }, '“english” is not a language tag'],
    [{ alternates: { en: 'acme.com/' } }, 'alternates.en: The alternate URL must be a full URL'],
    [{ alternates: { en: 'https://a.com/', EN: 'https://b.com/' } }, '“EN” appears twice'],
    [{ jsonLd: [{ headline: 'x' }] }, 'needs an "@type"'],
    [{ jsonLd: ['Article'] }, 'must be a JSON object'],
    [{ jsonLd: [[{ '@type': 'Thing' }]] }, 'must be a JSON object'],
    [{ jsonLd: [{ '@type': 'Thing', name: 'a\u0000b' }] }, 'can not contain a NUL'],
    [{ jsonLd: [{ '@type': 'Thing', n: Number.NaN }] }, 'numbers must be finite'],
    [{ jsonLd: Array.from({ length: 21 }, () => ({ '@type': 'Thing' })) }, 'At most 20'],
  ])('refuses %j with a message', (value, message) => {
    expect(issuesOf(value).join('\n')).toContain(message)
  })

  it('refuses structured data nested deeper than the limit, without overflowing', () => {
    let deep: Record<string, unknown> = { '@type': 'Thing' }
    for (let i = 0; i < 10_000; i++) deep = { '@type': 'Thing', child: deep }
    expect(issuesOf({ jsonLd: [deep] }).join()).toContain('nested at most 16 levels')
  })

  it.each([...corpus.markup, ...corpus.control_and_unicode, ...corpus.json_and_sql])(
    'keeps the structured data text %j exactly, or refuses it (NUL)',
    (value) => {
      const jsonLd = [{ '@type': 'Article', headline: value, [value || 'k']: value }]
      const result = metadataSchema.safeParse({ jsonLd })
      if (value.includes('\u0000')) expect(result.success).toBe(false)
      else expect(result.data).toEqual({ jsonLd })
    },
  )

  it('keeps structured data exactly as written when compacting, empty values included', () => {
    expect(compactMetadata({ jsonLd: [article], robots: {}, canonical: '' })).toEqual({
      jsonLd: [article],
    })
    expect(compactMetadata({ jsonLd: [] })).toEqual({})
  })
})

describe('compactMetadata', () => {
  it('drops unset values and keeps meaningful empty ones', () => {
    expect(
      compactMetadata({
        title: '',
        openGraph: { title: '', determiner: '' },
        twitter: {},
        customTags: [{ name: 'x', content: '' }],
        icon: [],
      }),
    ).toEqual({ openGraph: { determiner: '' }, customTags: [{ name: 'x', content: '' }] })
    expect(compactMetadata({})).toEqual({})
  })
})

describe('metadataBytes', () => {
  it('counts UTF-8 bytes', () => {
    expect(metadataBytes({ title: 'é' })).toBe('{"title":"é"}'.length + 1)
  })
})
