import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import {
  alternateLinks,
  compileHead,
  escapeCss,
  escapeJsonLd,
  type HeadTag,
  isJsonLd,
  jsonLd,
  mergeHead,
} from './head.ts'
import { renderHead } from './html.ts'

const BREAKOUT = '</script><script>alert(1)</script><!--'

describe('jsonLd', () => {
  it('makes a JSON-LD script tag whose text can not end the element, and stays the same JSON', () => {
    const data = { '@type': 'Organization', name: BREAKOUT, note: 'a & b > c \u2028\u2029' }
    const tag = jsonLd(data, { id: 'org' })
    expect(tag.tag).toBe('script')
    expect(tag.attrs).toEqual({ id: 'org', type: 'application/ld+json' })
    expect(tag.children).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(tag.children)).toEqual(data)
    expect(escapeJsonLd(tag.children)).toBe(tag.children)
  })

  it('writes undefined as null, and an id given in attrs can not change the type', () => {
    expect(jsonLd(undefined).children).toBe('null')
    expect(jsonLd({}, { type: 'text/javascript' }).attrs.type).toBe('application/ld+json')
  })

  it('recognises JSON-LD scripts by their type, whatever the case', () => {
    expect(
      isJsonLd({ tag: 'script', attrs: { type: ' Application/LD+JSON ' }, children: '' }),
    ).toBe(true)
    expect(isJsonLd({ tag: 'script', attrs: { type: 'module' }, children: '' })).toBe(false)
    expect(isJsonLd({ tag: 'style', attrs: {}, children: '' })).toBe(false)
  })

  it('escapes < in CSS with the CSS escape', () => {
    expect(escapeCss('a::after { content: "</style>" }')).toBe(
      'a::after { content: "\\3c /style>" }',
    )
  })
})

describe('merging scripts and styles', () => {
  it('replaces a script or style with the same id and keeps the others', () => {
    const org = (name: string) => jsonLd({ '@type': 'Organization', name }, { id: 'org' })
    const article = jsonLd({ '@type': 'Article' })
    const style = (css: string): HeadTag => ({
      tag: 'style',
      attrs: { id: 'theme' },
      children: css,
    })
    const plain: HeadTag = { tag: 'style', attrs: {}, children: 'a{}' }
    expect(
      mergeHead([org('Acme'), style('x'), plain], [article], [org('Acme Inc'), style('y'), plain]),
    ).toEqual([org('Acme Inc'), style('y'), plain, article, plain])
  })
})

describe('renderHead with structured data', () => {
  it('renders JSON-LD and styles inertly, and no other script', () => {
    const html = renderHead([
      jsonLd({ name: BREAKOUT }),
      {
        tag: 'style',
        attrs: { media: 'print' },
        children: `a{} ${BREAKOUT.replaceAll('script', 'style')}`,
      },
      { tag: 'script', attrs: { src: '/x.js' }, children: 'alert(1)' },
      {
        tag: 'script',
        attrs: { type: 'application/ld+json', src: 'javascript:alert(1)' },
        children: '{}',
      },
    ])
    const { document } = new Window()
    document.write(`<!doctype html><html><head>${html}</head><body></body></html>`)
    const elements = [...document.head.children]
    expect(elements.map((el) => el.tagName)).toEqual(['SCRIPT', 'STYLE'])
    expect(JSON.parse(elements[0]?.textContent ?? '')).toEqual({ name: BREAKOUT })
    expect(elements[1]?.getAttribute('media')).toBe('print')
    expect(document.body.children).toHaveLength(0)
  })
})

describe('alternateLinks', () => {
  it('makes the canonical and one hreflang link per language, resolved against baseUrl', () => {
    expect(
      alternateLinks({
        baseUrl: 'https://acme.com/shop/',
        canonical: '/pricing',
        languages: { en: '/pricing', 'fr-CA': 'fr/tarifs', 'x-default': 'https://acme.com/' },
      }),
    ).toEqual([
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } },
      {
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: 'en', href: 'https://acme.com/pricing' },
      },
      {
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: 'fr-CA', href: 'https://acme.com/shop/fr/tarifs' },
      },
      {
        tag: 'link',
        attrs: { rel: 'alternate', hreflang: 'x-default', href: 'https://acme.com/' },
      },
    ])
  })

  it('keeps URLs as they are without baseUrl, and leaves out unsafe or unresolvable ones', () => {
    expect(alternateLinks({ canonical: '/a', languages: { de: 'javascript:alert(1)' } })).toEqual([
      { tag: 'link', attrs: { rel: 'canonical', href: '/a' } },
    ])
    expect(alternateLinks({ baseUrl: 'not a url', canonical: '/a' })).toEqual([])
    expect(alternateLinks({})).toEqual([])
  })
})

describe('compileHead', () => {
  it('stays right after many pages with ever new custom tag names', () => {
    const head = compileHead({
      fallback: [{ tag: 'title', children: 'Acme' }],
      override: [{ tag: 'meta', attrs: { name: 'robots', content: 'all' } }],
    })
    for (let page = 0; page < 5000; page++) {
      const metadata = { title: `#${page}`, customTags: [{ name: `tag-${page}`, content: 'x' }] }
      const tags = head(metadata)
      if (page % 1000 === 0 || page > 4090) {
        expect(tags).toEqual(
          mergeHead(
            [{ tag: 'title', children: 'Acme' }],
            [
              { tag: 'title', children: `#${page}` },
              { tag: 'meta', attrs: { name: `tag-${page}`, content: 'x' } },
            ],
            [{ tag: 'meta', attrs: { name: 'robots', content: 'all' } }],
          ),
        )
      }
    }
  })
})

describe('edge cases of the fast paths', () => {
  it('keys a link without rel by its href', () => {
    const a: HeadTag = { tag: 'link', attrs: { href: '/a' } }
    const b: HeadTag = { tag: 'link', attrs: { href: '/a', title: 'b' } }
    expect(mergeHead([a], [b])).toEqual([b])
  })
})

// Hostile strings a person can type into any field: in JSON-LD and CSS they must come back
// exactly and never add an element.
const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<!--',
  ']]><script>alert(1)</script>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<a href="javascript:alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<style>*{display:none}</style>',
  'a\u0000b',
  'line1\r\nX-Injected: yes',
  'line1\n[mailbox] to admin@example.com \u00b7 Reset \u00b7 http://evil.example/steal',
  '\u202eevil.exe\u202d',
  '\ufeffBOM',
  'e\u0301 vs \u00e9',
  '\ud835\udcd7\ud835\udcee\ud835\udcea\ud835\udced\ud835\udcf6\ud835\udcea\ud835\udcfb\ud835\udcf4',
  '\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67\u200d\ud83d\udc66\ud83c\udff3\ufe0f\u200d\ud83c\udf08',
  '\u65e5\u672c\u8a9e\u306e\u30bf\u30a4\u30c8\u30eb\u306f\u3068\u3066\u3082\u9577\u304f\u306a\u308b\u3053\u3068\u304c\u3042\u308a\u307e\u3059',
  '\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645',
  'xn--80ak6aa92e.com',
  '\u0430pple.com',
  '{"__proto__":{"polluted":true}}',
  'constructor',
  '__proto__',
  "'; DROP TABLE site; --",
  '\\',
  '%00',
  '%E0%A4%A',
]

describe('hostile text in structured data and styles', () => {
  it.each(HOSTILE)('%j stays inert and comes back exactly', (value) => {
    const html = renderHead([
      jsonLd({ name: value }),
      { tag: 'style', attrs: {}, children: `a::after { content: ${JSON.stringify(value)} }` },
    ])
    const { document } = new Window()
    document.write(`<!doctype html><html><head>${html}</head><body></body></html>`)
    const [script, style] = [...document.head.children]
    expect(document.head.children).toHaveLength(2)
    expect(document.body.children).toHaveLength(0)
    expect(JSON.parse(script?.textContent ?? '')).toEqual({ name: value })
    expect(style?.tagName).toBe('STYLE')
  })
})
