import fc from 'fast-check'
import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { asTags, type HeadTag, mergeHead, resolveHead, toHeadTags } from './head.ts'
import { compileHtmlHead, renderHead } from './html.ts'
import { headTags, metadataWithRobots as metadata } from './test-utils/arbitraries.ts'

const XSS = [
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '</title><script>alert(1)</script>',
  '</head><body onload=alert(1)>',
  '" onerror="alert(1)',
  "' onmouseover='alert(1)",
  '<img src=x onerror=alert(1)>',
  '<!--<script>alert(1)//-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;',
  '<svg/onload=alert(1)>',
  '`-alert(1)-`',
  'a\u2028b\u2029c',
  '\u0000<script>',
  'plain text & more',
]

function parse(html: string) {
  const { document } = new Window()
  document.write(`<!doctype html><html><head>${html}</head><body></body></html>`)
  return document
}

const tags = (value: string): HeadTag[] => [
  { tag: 'title', children: value },
  { tag: 'meta', attrs: { name: 'description', content: value } },
  { tag: 'meta', attrs: { property: value, content: value } },
  { tag: 'link', attrs: { rel: 'icon', href: `/icons/${value}`, type: value, sizes: value } },
]

describe('renderHead', () => {
  it('renders title, meta and link tags with escaped values', () => {
    expect(
      renderHead([
        { tag: 'title', children: 'Plans & prices' },
        { tag: 'meta', attrs: { charset: 'utf-8' } },
        { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/?a=1&b=2' } },
      ]),
    ).toBe(
      '<title>Plans &#38; prices</title><meta charset="utf-8"><link rel="canonical" href="https://acme.com/?a=1&#38;b=2">',
    )
  })

  it.each(XSS)('keeps %j inert in every field', (payload) => {
    const document = parse(renderHead(tags(payload)))
    expect(document.querySelectorAll('script, img, svg, body *')).toHaveLength(0)
    expect([...document.head.children].map((el) => el.tagName)).toEqual([
      'TITLE',
      'META',
      'META',
      'LINK',
    ])
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i)
    }
    // Every value reaches the browser exactly as given: escaped, never interpreted.
    const [title, description, custom] = document.head.children
    expect(title?.textContent).toBe(payload)
    expect(description?.getAttribute('content')).toBe(payload)
    expect(custom?.getAttribute('property')).toBe(payload)
  })

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ])('drops a link whose href is %j', (href) => {
    expect(renderHead([{ tag: 'link', attrs: { rel: 'icon', href } }])).toBe('')
    expect(
      renderHead(toHeadTags({ icon: [{ url: href, width: 1, height: 1, mimeType: 'x' }] })),
    ).toBe('')
  })

  it.each([
    ['0; url=javascript:alert(1)', ''],
    ["0;URL='javascript:alert(1)'", ''],
    ['0; url=https://acme.com/', '<meta http-equiv="refresh" content="0; url=https://acme.com/">'],
    ['30', '<meta http-equiv="refresh" content="30">'],
  ])('checks the target of a refresh: %j', (content, expected) => {
    expect(renderHead([{ tag: 'meta', attrs: { 'http-equiv': 'refresh', content } }])).toBe(
      expected,
    )
  })

  it('drops attribute names that could break out of the tag', () => {
    expect(
      renderHead([
        { tag: 'meta', attrs: { 'name="x" onload="alert(1)': 'y', 'data-ok': 'z', '>': '' } },
      ]),
    ).toBe('<meta data-ok="z">')
  })

  it('renders only title, meta and link elements, whatever it is given', () => {
    const untrusted = [{ tag: 'script', attrs: { src: '/x.js' }, children: 'alert(1)' }]
    expect(renderHead(untrusted as unknown as HeadTag[])).toBe('')
  })

  it('keeps safe images and data:image icons', () => {
    expect(
      renderHead([{ tag: 'link', attrs: { rel: 'icon', href: 'data:image/png;base64,AA==' } }]),
    ).toBe('<link rel="icon" href="data:image/png;base64,AA==">')
  })
})

describe('compileHtmlHead', () => {
  // Pages with nothing to escape and pages with `&`, `<`, quotes (the arbitraries' free text and
  // `</script>`), one after the other through the same compiled head, each next to the generic
  // path, which renders the page's own tags escaping each value.
  it('renders what renderHead(resolveHead(…)) renders, page after page', () => {
    const layer = fc.oneof(headTags, metadata)
    fc.assert(
      fc.property(
        layer,
        layer,
        fc.array(metadata, { minLength: 1, maxLength: 4 }),
        (fallback, override, pages) => {
          const html = compileHtmlHead({ fallback, override })
          for (const page of pages) {
            const expected = renderHead(resolveHead({ fallback, metadata: page, override }))
            expect(html(page)).toBe(expected)
            // And the generic path again, after the compiled one: it still escapes every value.
            expect(renderHead(resolveHead({ fallback, metadata: page, override }))).toBe(expected)
          }
        },
      ),
      { numRuns: 300 },
    )
  }, 30_000)

  // A page's tags are kept from its second render: each page again and again, in turns, with a
  // fallback built per request that may need escaping when the page does not, and the other way.
  it('renders each page the same when it is rendered again, with any per-request fallback', () => {
    fc.assert(
      fc.property(
        fc.oneof(headTags, metadata),
        fc.array(metadata, { minLength: 1, maxLength: 3 }),
        fc.array(fc.option(metadata), { minLength: 4, maxLength: 8 }),
        (fallback, pages, fallbacks) => {
          const html = compileHtmlHead({ fallback })
          fallbacks.forEach((own, turn) => {
            const page = pages[turn % pages.length]
            const expected = renderHead(
              resolveHead({ fallback: mergeHead(asTags(fallback), asTags(own)), metadata: page }),
            )
            expect(html(page, own)).toBe(expected)
          })
        },
      ),
      { numRuns: 300 },
    )
  }, 30_000)

  it('escapes a value that needs it among values that do not', () => {
    const html = compileHtmlHead({ fallback: [{ tag: 'meta', attrs: { charset: 'utf-8' } }] })
    expect(html({ title: 'Pricing', description: 'Plans' })).toBe(
      '<meta charset="utf-8"><title>Pricing</title><meta name="description" content="Plans">',
    )
    expect(
      html({
        title: 'Pricing',
        description: '"><script>alert(1)</script>',
        alternates: { en: 'https://acme.com/?a=1&b=2' },
      }),
    ).toBe(
      '<meta charset="utf-8"><title>Pricing</title>' +
        '<meta name="description" content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;">' +
        '<link rel="alternate" hreflang="en" href="https://acme.com/?a=1&#38;b=2">',
    )
  })

  it('leaves the other paths escaping after a page it could not render', () => {
    const html = compileHtmlHead({})
    const broken = {
      title: {
        toString() {
          throw new Error('not a string')
        },
      },
    } as unknown as Parameters<typeof html>[0]
    expect(() => html(broken)).toThrow('not a string')
    const layers = { fallback: [], metadata: { title: '</title><b>' }, override: [] }
    resolveHead(layers) // the second call below reuses the layers compiled here
    expect(renderHead(resolveHead(layers))).toBe('<title>&#60;/title&#62;&#60;b&#62;</title>')
  })
})
