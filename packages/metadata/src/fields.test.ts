// Canonical, robots, alternates and JSON-LD: rendered by every adapter, merged with the site's
// own tags by the documented rules, escaped against the hostile corpus.
import { readFileSync } from 'node:fs'
import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { isMetadata } from './guards.ts'
import {
  compileHead,
  type HeadTag,
  mergeHead,
  type MetaTag,
  resolveHead,
  toHeadTags,
} from './head.ts'
import { compileHtmlHead, renderHead } from './html.ts'
import { compileNextMetadata, toNextMetadata } from './next.ts'
import { compileTanStackHead, toTanStackHead } from './tanstack-start.ts'
import type { Metadata } from './types.ts'

const corpus = JSON.parse(
  readFileSync(new URL('../../../../shared/corpus/hostile-strings.json', import.meta.url), 'utf8'),
) as Record<string, unknown>
const hostile = [
  ...Object.values(corpus)
    .filter((value): value is string[] => Array.isArray(value))
    .flat()
    .filter((value): value is string => typeof value === 'string'),
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  '<!--<script>',
  'a\u2028b\u2029c',
]

const page: Metadata = {
  title: 'Preise',
  noindex: false,
  canonical: 'https://acme.com/de/preise',
  robots: { nofollow: true, maxSnippet: 50, maxImagePreview: 'large', maxVideoPreview: -1 },
  alternates: {
    de: 'https://acme.com/de/preise',
    en: 'https://acme.com/pricing',
    'x-default': 'https://acme.com/pricing',
  },
  jsonLd: [
    { '@context': 'https://schema.org', '@type': 'Product', name: 'Anvil' },
    { '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' },
  ],
}

describe('toHeadTags with the newer fields', () => {
  it('writes robots, the canonical and the alternates after the description, JSON-LD last', () => {
    expect(toHeadTags(page)).toEqual([
      { tag: 'title', children: 'Preise' },
      {
        tag: 'meta',
        attrs: {
          name: 'robots',
          content: 'nofollow, max-snippet:50, max-image-preview:large, max-video-preview:-1',
        },
      },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/de/preise' } },
      {
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: 'de', href: 'https://acme.com/de/preise' },
      },
      {
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: 'en', href: 'https://acme.com/pricing' },
      },
      {
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: 'x-default', href: 'https://acme.com/pricing' },
      },
      {
        tag: 'script',
        attrs: { type: 'application/ld+json' },
        children: '{"@context":"https://schema.org","@type":"Product","name":"Anvil"}',
      },
      {
        tag: 'script',
        attrs: { type: 'application/ld+json' },
        children: '{"@context":"https://schema.org","@type":"Organization","name":"Acme"}',
      },
    ])
  })

  it.each([
    [{ noindex: true }, 'noindex'],
    [{ noindex: true, robots: {} }, 'noindex'],
    [{ robots: { noindex: true } }, 'noindex'],
    [{ noindex: true, robots: { noindex: false, nofollow: true } }, 'noindex, nofollow'],
    [{ noindex: false, robots: { noindex: true } }, 'noindex'],
    [{ robots: { noarchive: true, noimageindex: true } }, 'noarchive, noimageindex'],
    [{ robots: { maxSnippet: 0, nofollow: false } }, 'max-snippet:0'],
    [{ robots: { maxImagePreview: 'none' } }, 'max-image-preview:none'],
    [{ robots: { maxSnippet: undefined, nofollow: true } }, 'nofollow'],
  ] satisfies Array<[Metadata, string]>)('robots of %j: %s', (metadata, content) => {
    expect(toHeadTags(metadata)).toEqual([{ tag: 'meta', attrs: { name: 'robots', content } }])
  })

  it('writes a directive it does not know in the same way, and forgets names now and then', () => {
    const many = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`x${i}Y`, i]))
    const robots = { ...many, unavailableAfter: '2027-01-01' } as Metadata['robots']
    const content = (toHeadTags({ robots })[0] as MetaTag).attrs.content
    expect(content).toMatch(/^x0-y:0, x1-y:1, .*, x69-y:69, unavailable-after:2027-01-01$/)
  })

  it('writes no robots tag when no directive is set', () => {
    expect(toHeadTags({ noindex: false, robots: { noindex: false, nofollow: false } })).toEqual([])
  })

  it('leaves out a canonical or an alternate whose URL is not safe', () => {
    expect(
      toHeadTags({
        canonical: 'javascript:alert(1)',
        alternates: { fr: ' javascript:alert(1)', de: 'https://acme.com/de' },
      }),
    ).toEqual([
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'de', href: 'https://acme.com/de' } },
    ])
  })
})

describe('JSON-LD against the hostile corpus', () => {
  const data = { '@type': 'Thing', name: hostile, nested: { list: hostile.map((s) => ({ s })) } }
  const metadata: Metadata = { jsonLd: [data] }
  const scriptText = (html: string) => {
    const { document } = new Window()
    document.write(`<!doctype html><html><head>${html}</head><body></body></html>`)
    const scripts = document.querySelectorAll('script')
    return [...scripts].map((script) => script.textContent)
  }

  it('renders as one script whose text parses back to the same data (renderHead)', () => {
    for (const html of [
      renderHead(toHeadTags(metadata)),
      renderHead(compileHead({})(metadata)),
      renderHead(resolveHead({ metadata })),
    ]) {
      expect(html).not.toMatch(/<\/script[\s\S]*<\/script>/i)
      expect(html.slice(0, -'</script>'.length)).not.toMatch(/<\/script|<!--|\u2028|\u2029/i)
      const texts = scriptText(html)
      expect(texts).toHaveLength(1)
      expect(JSON.parse(texts[0] as string)).toEqual(data)
    }
  })

  it('is escaped the same way in the TanStack head, compiled or not', () => {
    const compiled = compileTanStackHead({})(metadata)
    expect(compiled).toEqual(toTanStackHead(toHeadTags(metadata)))
    const children = compiled.scripts?.[0]?.children as string
    expect(children).not.toMatch(/<|>|&|\u2028|\u2029/)
    expect(JSON.parse(children)).toEqual(data)
  })

  it('the core tags hold no `<` either', () => {
    const tag = toHeadTags(metadata)[0] as { children: string }
    expect(tag.children).not.toContain('<')
    expect(JSON.parse(tag.children)).toEqual(data)
  })
})

// The site's own tags: fallback below Headmark's, override above.
const fallback: HeadTag[] = [
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/' } },
  { tag: 'meta', attrs: { name: 'robots', content: 'max-image-preview:standard' } },
  { tag: 'link', attrs: { rel: 'alternate', hreflang: 'fr', href: 'https://acme.com/fr' } },
  { tag: 'link', attrs: { rel: 'alternate', hreflang: 'EN', href: 'https://acme.com/old-en' } },
  {
    tag: 'script',
    attrs: { type: 'application/ld+json', id: 'org' },
    children: '{"@type":"Organization","name":"Acme"}',
  },
]

describe('merge rules of the newer fields', () => {
  it("Headmark's canonical and robots replace the fallback's; alternates merge by hreflang; JSON-LD is added", () => {
    const tags = resolveHead({ fallback, metadata: page })
    expect(renderHead(tags)).toBe(
      [
        '<link rel="canonical" href="https://acme.com/de/preise">',
        '<meta name="robots" content="nofollow, max-snippet:50, max-image-preview:large, max-video-preview:-1">',
        '<link rel="alternate" hreflang="fr" href="https://acme.com/fr">',
        '<link rel="alternate" hreflang="en" href="https://acme.com/pricing">',
        '<script type="application/ld+json" id="org">{"@type":"Organization","name":"Acme"}</script>',
        '<title>Preise</title>',
        '<link rel="alternate" hreflang="de" href="https://acme.com/de/preise">',
        '<link rel="alternate" hreflang="x-default" href="https://acme.com/pricing">',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Anvil"}</script>',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme"}</script>',
      ].join(''),
    )
  })

  it('the override wins over each of them', () => {
    const override: HeadTag[] = [
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/x' } },
      { tag: 'meta', attrs: { name: 'ROBOTS', content: 'all' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'de', href: 'https://acme.com/de/x' } },
    ]
    const tags = resolveHead({ metadata: page, override })
    const html = renderHead(tags)
    expect(html).toContain('<link rel="canonical" href="https://acme.com/x">')
    expect(html).toContain('<meta name="ROBOTS" content="all">')
    expect(html).not.toContain('nofollow')
    expect(html).toContain('hreflang="de" href="https://acme.com/de/x"')
    expect(html).not.toContain('https://acme.com/de/preise')
  })

  it('the compiled heads merge them exactly as resolveHead does', () => {
    const override: HeadTag[] = [
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: 'https://a.co/' } },
    ]
    const layers = { fallback, override }
    for (const metadata of [page, {}, { canonical: 'https://acme.com/a' }]) {
      const expected = resolveHead({ ...layers, metadata })
      expect(compileHead(layers)(metadata)).toEqual(expected)
      expect(compileTanStackHead(layers)(metadata)).toEqual(toTanStackHead(expected))
      expect(compileNextMetadata(layers)(metadata)).toEqual(toNextMetadata(expected))
    }
  })

  it('TanStack gets `hrefLang`, as React spells it', () => {
    const head = compileTanStackHead({})({ alternates: { de: 'https://acme.com/de' } })
    expect(head.links).toEqual([{ rel: 'alternate', hrefLang: 'de', href: 'https://acme.com/de' }])
    expect(toTanStackHead(toHeadTags(page))).toEqual(compileTanStackHead({})(page))
  })
})

describe('Next.js Metadata', () => {
  it('fills in alternates.canonical, alternates.languages and a robots object', () => {
    expect(compileNextMetadata({})(page)).toEqual({
      title: 'Preise',
      robots: {
        follow: false,
        'max-snippet': 50,
        'max-image-preview': 'large',
        'max-video-preview': -1,
      },
      alternates: {
        canonical: 'https://acme.com/de/preise',
        languages: {
          de: 'https://acme.com/de/preise',
          en: 'https://acme.com/pricing',
          'x-default': 'https://acme.com/pricing',
        },
      },
    })
  })

  it.each([
    [
      { noindex: true, robots: { noarchive: true, noimageindex: true } },
      { index: false, noarchive: true, noimageindex: true },
    ],
    [{ robots: { noindex: true } }, { index: false }],
    [{ noindex: true }, 'noindex'],
    [{ robots: { nofollow: false } }, undefined],
  ] satisfies Array<[Metadata, unknown]>)('robots of %j', (metadata, robots) => {
    expect(compileNextMetadata({})(metadata).robots).toEqual(robots)
  })

  it('fills in languages without a canonical', () => {
    expect(compileNextMetadata({})({ alternates: { fr: '/fr', de: '/de' } })).toEqual({
      alternates: { languages: { fr: '/fr', de: '/de' } },
    })
  })

  it('keeps the languages when the canonical is left out', () => {
    expect(
      compileNextMetadata({})({ canonical: 'javascript:x', alternates: { fr: '/fr' } }),
    ).toEqual({ alternates: { languages: { fr: '/fr' } } })
  })

  it('leaves out unsafe URLs', () => {
    expect(
      compileNextMetadata({})({
        canonical: 'javascript:alert(1)',
        alternates: { fr: 'javascript:alert(1)' },
      }),
    ).toEqual({})
  })

  it('merges with Metadata layers: canonical replaced, languages by key, robots from the highest layer', () => {
    const resolve = compileNextMetadata({
      fallback: {
        robots: { index: true, follow: true },
        alternates: { canonical: './', languages: { fr: '/fr', de: '/de-old' } },
      },
      override: { alternates: { languages: { 'x-default': '/' } } },
    })
    expect(resolve(page)).toEqual({
      title: 'Preise',
      robots: {
        follow: false,
        'max-snippet': 50,
        'max-image-preview': 'large',
        'max-video-preview': -1,
      },
      alternates: {
        canonical: 'https://acme.com/de/preise',
        languages: {
          fr: '/fr',
          de: 'https://acme.com/de/preise',
          en: 'https://acme.com/pricing',
          'x-default': '/',
        },
      },
    })
    expect(resolve({ title: 'A' })).toEqual({
      title: 'A',
      robots: { index: true, follow: true },
      alternates: { canonical: './', languages: { fr: '/fr', de: '/de-old', 'x-default': '/' } },
    })
  })
})

describe('isMetadata with the newer fields', () => {
  it.each([
    [page, true],
    [{ canonical: 42 }, false],
    [{ robots: 'noindex' }, false],
    [{ alternates: ['https://acme.com'] }, false],
    [{ jsonLd: {} }, false],
    [{ jsonLd: ['{}'] }, false],
    [{ jsonLd: [null] }, false],
  ])('%j → %s', (value, expected) => {
    expect(isMetadata(value)).toBe(expected)
  })
})

describe('resolveHead reuses the layers it has seen', () => {
  it('notices a layer changed in place at its top level', () => {
    const tags: HeadTag[] = [{ tag: 'title', children: 'Acme' }]
    const object: Metadata = { title: 'Acme', description: 'Tools' }
    const first = { fallback: tags, override: object, metadata: { title: 'A' } }
    expect(resolveHead(first)).toEqual(resolveHead(first))
    tags.push({ tag: 'meta', attrs: { name: 'author', content: 'Acme' } })
    expect(resolveHead(first)).toContainEqual({
      tag: 'meta',
      attrs: { name: 'author', content: 'Acme' },
    })
    tags[1] = { tag: 'meta', attrs: { name: 'author', content: 'Team' } }
    expect(resolveHead(first)).toContainEqual({
      tag: 'meta',
      attrs: { name: 'author', content: 'Team' },
    })
    object.description = 'Builders'
    expect(renderHead(resolveHead(first))).toContain('content="Builders"')
    object.title = 'Acme!'
    delete object.description
    expect(renderHead(resolveHead(first))).toBe(
      '<title>Acme!</title><meta name="author" content="Team">',
    )
    expect(renderHead(resolveHead(first))).toBe(
      '<title>Acme!</title><meta name="author" content="Team">',
    )
    tags.pop()
    expect(renderHead(resolveHead(first))).toBe('<title>Acme!</title>')
  })
})

describe('resolveHead given layers built for each render', () => {
  const tags: HeadTag[] = [
    { tag: 'meta', attrs: { charset: 'utf-8' } },
    { tag: 'title', children: 'Acme' },
    { tag: 'meta', attrs: { name: 'author', content: 'Acme' } },
  ]
  const expected = (fallback: readonly HeadTag[], override: Metadata) =>
    mergeHead(fallback, toHeadTags(page), toHeadTags(override))

  it('recognises new objects with the same contents, and only those', () => {
    const override: Metadata = { description: 'Tools', noindex: true }
    for (let round = 0; round < 4; round++) {
      const layers = { fallback: [...tags], metadata: page, override: { ...override } }
      expect(resolveHead(layers)).toEqual(expected(tags, override))
      expect(renderHead(resolveHead(layers))).toBe(renderHead(expected(tags, override)))
      expect(toTanStackHead(resolveHead(layers))).toEqual(toTanStackHead(expected(tags, override)))
    }
    // Other contents in new objects: never the head of the layers seen before.
    const fewer = [tags[0], tags[2]] as HeadTag[]
    const reordered = [tags[2], tags[1], tags[0]] as HeadTag[]
    const other: Metadata = { description: 'Builders', noindex: true }
    for (let round = 0; round < 3; round++) {
      expect(
        resolveHead({ fallback: [...fewer], metadata: page, override: { ...override } }),
      ).toEqual(expected(fewer, override))
      expect(
        resolveHead({ fallback: [...reordered], metadata: page, override: { ...override } }),
      ).toEqual(expected(reordered, override))
      expect(resolveHead({ fallback: [...tags], metadata: page, override: { ...other } })).toEqual(
        expected(tags, other),
      )
      expect(
        resolveHead({ fallback: [...tags], metadata: page, override: { description: 'Tools' } }),
      ).toEqual(expected(tags, { description: 'Tools' }))
    }
  })

  it('notices a recognised layer changed in place afterwards', () => {
    const fallback = [...tags]
    const override: Metadata = { description: 'Tools' }
    resolveHead({ fallback: [...tags], metadata: page, override: { ...override } })
    resolveHead({ fallback: [...tags], metadata: page, override: { ...override } })
    const layers = { fallback, metadata: page, override }
    expect(resolveHead(layers)).toEqual(expected(tags, override))
    fallback.pop()
    override.description = 'Builders'
    expect(resolveHead(layers)).toEqual(expected(tags.slice(0, 2), { description: 'Builders' }))
  })
})

describe('a page changed in place between renders', () => {
  // A compiled head keeps what a page's metadata object made from its second render, with the
  // object's fields and values then: a field set again since is noticed. The text of a `robots`
  // or JSON-LD object is remembered by that object, so a replaced one is a new text.
  it('is rendered as it is now by resolveHead and the compiled heads', () => {
    const fallback: HeadTag[] = [{ tag: 'title', children: 'Acme' }]
    const page: Metadata = {
      title: 'Pricing',
      robots: { nofollow: true },
      jsonLd: [{ '@type': 'Thing', name: 'Old' }],
    }
    const layers = { fallback, metadata: page }
    const head = compileHead({ fallback })
    const html = compileHtmlHead({ fallback })
    for (let round = 0; round < 3; round++) {
      resolveHead(layers)
      head(page)
      html(page)
    }
    page.title = 'Plans'
    page.robots = { noarchive: true }
    page.jsonLd = [{ '@type': 'Thing', name: 'New' }]
    const expected = mergeHead(fallback, toHeadTags(page))
    expect(expected).toContainEqual({ tag: 'title', children: 'Plans' })
    expect(expected).toContainEqual({
      tag: 'meta',
      attrs: { name: 'robots', content: 'noarchive' },
    })
    expect(resolveHead(layers)).toEqual(expected)
    expect(head(page)).toEqual(expected)
    expect(html(page)).toBe(renderHead(expected))
    expect(renderHead(resolveHead(layers))).toContain('"name":"New"')
  })
})

describe('adapters given what resolveHead has just returned', () => {
  const fallback: HeadTag[] = [
    { tag: 'meta', attrs: { charset: 'utf-8' } },
    { tag: 'title', children: 'Acme' },
    { tag: 'link', attrs: { rel: 'icon', href: '/favicon.ico' } },
  ]
  const override: HeadTag[] = [
    { tag: 'meta', attrs: { name: 'author', content: 'Acme' } },
    { tag: 'meta', attrs: { property: 'article:tag', content: 'plans' } },
    { tag: 'meta', attrs: { property: 'article:tag', content: 'pricing' } },
  ]
  const layers = { fallback, metadata: page, override }
  // The same head from tags that resolveHead did not make: converted tag by tag.
  const fresh = () => resolveHead(layers).map((tag) => ({ ...tag }) as HeadTag)

  it('render what they render for any list with the same tags', () => {
    for (let round = 0; round < 3; round++) {
      expect(renderHead(resolveHead(layers))).toBe(renderHead(fresh()))
      expect(toTanStackHead(resolveHead(layers))).toEqual(toTanStackHead(fresh()))
    }
  })

  it('render the list as it is after it was changed', () => {
    resolveHead(layers)
    const added = resolveHead(layers)
    added.push({ tag: 'meta', attrs: { name: 'rating', content: 'adult' } })
    expect(renderHead(added)).toContain('<meta name="rating" content="adult">')
    const replaced = resolveHead(layers)
    replaced[0] = { tag: 'meta', attrs: { charset: 'latin1' } }
    expect(renderHead(replaced)).toContain('<meta charset="latin1">')
    // One of a set of tags (`article:tag`, kept whole from one layer).
    const retagged = resolveHead(layers)
    const second = retagged.findLastIndex(
      (tag) => tag.tag === 'meta' && tag.attrs.property === 'article:tag',
    )
    retagged[second] = { tag: 'meta', attrs: { property: 'article:tag', content: 'tools' } }
    expect(renderHead(retagged)).toContain(
      '<meta property="article:tag" content="plans"><meta property="article:tag" content="tools">',
    )
    const retitled = resolveHead(layers)
    const title = retitled.find((tag) => tag.tag === 'title')
    if (title?.tag === 'title') title.children = 'Changed <b>'
    expect(renderHead(retitled)).toContain('<title>Changed &#60;b&#62;</title>')
    // A tag made from the metadata given an unsafe link is checked again, and left out.
    const relinked = resolveHead(layers)
    const canonical = relinked.find((tag) => tag.tag === 'link' && tag.attrs.rel === 'canonical')
    if (canonical?.tag === 'link')
      canonical.attrs = { rel: 'canonical', href: 'javascript:alert(1)' }
    expect(renderHead(relinked)).not.toContain('javascript:')
    expect(toTanStackHead(relinked)).toEqual(
      toTanStackHead(relinked.map((tag) => ({ ...tag }) as HeadTag)),
    )
  })

  it('render the list as it is after a tag made from the metadata was replaced', () => {
    const withImage = {
      ...layers,
      metadata: {
        ...page,
        description: 'Plans',
        openGraph: {
          image: {
            url: 'https://acme.com/og.png',
            width: 1200,
            height: 630,
            mimeType: 'image/png',
          },
        },
      },
    }
    resolveHead(withImage)
    // A single tag, and one of a set (`og:image` with its `:width`, … from the metadata).
    const described = resolveHead(withImage)
    const description = described.findIndex(
      (tag) => tag.tag === 'meta' && tag.attrs.name === 'description',
    )
    described[description] = { tag: 'meta', attrs: { name: 'description', content: 'Tools' } }
    expect(renderHead(described)).toContain('<meta name="description" content="Tools">')
    expect(toTanStackHead(described).meta).toContainEqual({ name: 'description', content: 'Tools' })
    const resized = resolveHead(withImage)
    const width = resized.findIndex(
      (tag) => tag.tag === 'meta' && tag.attrs.property === 'og:image:width',
    )
    resized[width] = { tag: 'meta', attrs: { property: 'og:image:width', content: '600' } }
    expect(renderHead(resized)).toContain('<meta property="og:image:width" content="600">')
    expect(toTanStackHead(resized).meta).toContainEqual({
      property: 'og:image:width',
      content: '600',
    })
    // Unchanged, the same as tags it did not make.
    const unchanged = resolveHead(withImage)
    expect(renderHead(unchanged)).toBe(renderHead(unchanged.map((tag) => ({ ...tag }) as HeadTag)))
  })

  it('render an older result as it is', () => {
    const older = resolveHead(layers)
    const newer = resolveHead({ ...layers, metadata: { title: 'Other' } })
    expect(renderHead(older)).toBe(renderHead(older.map((tag) => ({ ...tag }) as HeadTag)))
    expect(renderHead(newer)).toContain('<title>Other</title>')
  })
})

describe('compileHtmlHead with ever new meta names', () => {
  it('renders each page’s names, however many it has seen', () => {
    const html = compileHtmlHead({})
    for (let n = 0; n < 4200; n++) {
      const name = n % 2 ? `og:n${n}` : `n${n}`
      const rendered = html({ customTags: [{ name, content: 'x' }] })
      if (n % 700 === 0 || n > 4190) expect(rendered).toBe(`<meta name="${name}" content="x">`)
    }
  })
})

describe('resolveHead with many layers in turn', () => {
  it('gives what mergeHead gives, whichever layers it still remembers', () => {
    const fallbacks = Array.from({ length: 20 }, (_, i): Metadata => ({ title: `Site ${i}` }))
    for (let round = 0; round < 3; round++) {
      for (const [i, fallback] of fallbacks.entries()) {
        const metadata: Metadata = i % 2 ? { description: `Page ${round}` } : {}
        expect(resolveHead({ fallback, metadata })).toEqual(
          mergeHead(toHeadTags(fallback), toHeadTags(metadata)),
        )
      }
    }
  })
})

describe('compileHtmlHead', () => {
  it('renders what renderHead renders, escaped', () => {
    const fallback: HeadTag[] = [
      { tag: 'meta', attrs: { charset: 'utf-8' } },
      { tag: 'link', attrs: { rel: 'icon', href: 'javascript:alert(1)' } },
    ]
    const html = compileHtmlHead({ fallback })
    for (const metadata of [page, { title: '"<b>&' }, null]) {
      expect(html(metadata)).toBe(renderHead(resolveHead({ fallback, metadata })))
    }
    expect(html({ title: '"<b>&' })).toBe(
      '<meta charset="utf-8"><title>&#34;&#60;b&#62;&#38;</title>',
    )
  })
})
