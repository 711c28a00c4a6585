import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { type HeadTag, toHeadTags } from './head.ts'
import { renderHead } from './html.ts'

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
