import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMetadataClient } from './client.ts'
import type { HeadTag } from './head.ts'
import { jsonLd } from './head.ts'
import {
  createHead,
  createRootHead,
  loadMetadata,
  metadataPath,
  metadataRequest,
  toTanStackHead,
} from './tanstack-start.ts'
import { json, startServer, type TestServer } from './test-utils/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const ctx = (pathname: string) => ({ match: { pathname } })

describe('toTanStackHead', () => {
  it('puts the title and meta in `meta`, links in `links`, with React attribute names', () => {
    const tags: HeadTag[] = [
      { tag: 'meta', attrs: { charset: 'utf-8' } },
      { tag: 'title', children: 'Acme' },
      { tag: 'meta', attrs: { 'http-equiv': 'refresh', content: '30' } },
      { tag: 'meta', attrs: { property: 'og:title', content: 'Acme' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'fr', href: '/fr', crossorigin: '' } },
      { tag: 'meta', attrs: { name: 'constructor', content: 'x' } },
    ]
    expect(toTanStackHead(tags)).toEqual({
      meta: [
        { charSet: 'utf-8' },
        { title: 'Acme' },
        { httpEquiv: 'refresh', content: '30' },
        { property: 'og:title', content: 'Acme' },
        { name: 'constructor', content: 'x' },
      ],
      links: [{ rel: 'alternate', hrefLang: 'fr', href: '/fr', crossOrigin: '' }],
    })
  })
})

describe('createHead', () => {
  it('loads the metadata of the route path through a real client, between fallback and override', async () => {
    server.respond((_req, res) =>
      json(res, { metadata: { title: 'Hello', description: 'From Headmark', noindex: false } }),
    )
    const client = createMetadataClient({ dsn: 'dsn_acme', baseUrl: server.origin })
    const head = createHead({
      client,
      fallback: { title: 'Acme', description: 'Fallback' },
      override: [{ tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/blog/hello' } }],
    })
    expect(await head(ctx('/blog/hello'))).toEqual({
      meta: [{ title: 'Hello' }, { name: 'description', content: 'From Headmark' }],
      links: [{ rel: 'canonical', href: 'https://acme.com/blog/hello' }],
    })
    expect(server.requests.at(-1)?.url).toBe(
      '/v1/dsn_acme/metadata/get-latest?path=%2Fblog%2Fhello',
    )
  })

  it('uses the fallback when loading fails', async () => {
    const head = createHead({ client: { get: async () => null }, fallback: { title: 'Acme' } })
    expect(await head(ctx('/a'))).toEqual({ meta: [{ title: 'Acme' }], links: [] })
  })

  it('asks for the path returned by `path`', async () => {
    const get = vi.fn(async () => ({ metadata: {} }))
    await createHead({ client: { get }, path: () => '/custom' })(ctx('/ignored'))
    expect(get).toHaveBeenCalledWith('/custom')
  })

  it('reads metadata from the context, e.g. loader data', async () => {
    const head = createHead({
      metadata: async (context: { loaderData?: { metadata: { title: string } } }) =>
        context.loaderData?.metadata,
      override: { title: 'Forced' },
    })
    expect(await head({ loaderData: { metadata: { title: 'Loaded' } } })).toEqual({
      meta: [{ title: 'Forced' }],
      links: [],
    })
    expect(await head({})).toEqual({ meta: [{ title: 'Forced' }], links: [] })
  })
})

describe('createRootHead', () => {
  it('returns the fallback and override without loading anything', () => {
    const head = createRootHead({
      fallback: [
        { tag: 'meta', attrs: { charset: 'utf-8' } },
        { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width' } },
        { tag: 'title', children: 'Acme' },
      ],
      override: { icon: [{ url: '/icon.svg', width: 0, height: 0, mimeType: 'image/svg+xml' }] },
    })
    const first = head()
    expect(first).toEqual({
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width' },
        { title: 'Acme' },
      ],
      links: [{ rel: 'icon', href: '/icon.svg', type: 'image/svg+xml', sizes: 'any' }],
    })
    first.meta.push({ title: 'changed by a caller' })
    expect(head().meta).toHaveLength(3)
  })
})

describe('scripts and styles', () => {
  const BREAKOUT = '</script><script>alert(1)</script>'

  it('passes JSON-LD through as `scripts`, escaped, and styles as `styles`', () => {
    const head = toTanStackHead([
      jsonLd({ '@type': 'Organization', name: BREAKOUT }, { id: 'org' }),
      // Text that was not made by `jsonLd` is escaped all the same.
      { tag: 'script', attrs: { type: 'application/ld+json' }, children: `{"a":"${BREAKOUT}"}` },
      { tag: 'style', attrs: { media: 'print' }, children: 'a::after { content: "</style>" }' },
    ])
    expect(head.meta).toEqual([])
    expect(head.links).toEqual([])
    expect(head.scripts).toEqual([
      {
        id: 'org',
        type: 'application/ld+json',
        children: JSON.stringify({ '@type': 'Organization', name: BREAKOUT }).replace(
          /[<>]/g,
          (char) => (char === '<' ? '\\u003c' : '\\u003e'),
        ),
      },
      {
        type: 'application/ld+json',
        children: '{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
      },
    ])
    for (const script of head.scripts ?? []) expect(script.children).not.toContain('<')
    expect(head.styles).toEqual([
      { media: 'print', children: 'a::after { content: "\\3c /style>" }' },
    ])
  })

  it('leaves out scripts that are not JSON-LD and tags it does not know', () => {
    const tags = [
      { tag: 'script', attrs: { src: '/x.js' }, children: '' },
      { tag: 'base', attrs: { href: '/' } },
    ] as unknown as HeadTag[]
    expect(toTanStackHead(tags)).toEqual({ meta: [], links: [] })
  })

  it('gives the root head its JSON-LD and styles, copied for each call', () => {
    const head = createRootHead({
      fallback: [jsonLd({ '@type': 'WebSite' }), { tag: 'style', attrs: {}, children: 'a{}' }],
    })
    const first = head()
    expect(first).toEqual({
      meta: [],
      links: [],
      scripts: [{ type: 'application/ld+json', children: '{"@type":"WebSite"}' }],
      styles: [{ children: 'a{}' }],
    })
    first.scripts?.pop()
    first.styles?.pop()
    expect(head().scripts).toHaveLength(1)
    expect(head().styles).toHaveLength(1)
  })
})

describe('the server-function bridge', () => {
  it('metadataPath accepts a page path and refuses anything else', () => {
    expect(metadataPath('/blog/hello')).toBe('/blog/hello')
    expect(() => metadataPath(42)).toThrow(new TypeError('The page path must be a string'))
    expect(() => metadataPath('/'.repeat(2049))).toThrow(
      new TypeError('The page path must be at most 2048 characters'),
    )
    expect(metadataPath('/'.repeat(2048))).toHaveLength(2048)
  })

  it('loadMetadata reads the page through the client, null when it could not', async () => {
    server.respond((_req, res) => json(res, { metadata: { title: 'Hello' } }))
    const client = createMetadataClient({ dsn: 'dsn_acme', baseUrl: server.origin })
    expect(await loadMetadata(client, '/blog/hello')).toEqual({ title: 'Hello' })
    expect(await loadMetadata({ get: async () => null }, '/a')).toBeNull()
  })

  it('metadataRequest accepts a path or { path, locale? } and refuses anything else', () => {
    expect(metadataRequest('/pricing')).toEqual({ path: '/pricing' })
    expect(metadataRequest({ path: '/pricing' })).toEqual({ path: '/pricing' })
    expect(metadataRequest({ path: '/pricing', locale: 'de' })).toEqual({
      path: '/pricing',
      locale: 'de',
    })
    expect(metadataRequest({ path: '/', locale: 'fr-CA' })).toEqual({ path: '/', locale: 'fr-CA' })
    expect(metadataRequest({ path: '/', locale: 'zh-Hant-TW' })).toEqual({
      path: '/',
      locale: 'zh-Hant-TW',
    })
    // From JSON: no locale, or null, is the default locale's; other keys are not passed on.
    const fromJson = metadataRequest(JSON.parse('{"path":"/a","locale":null,"x":1}'))
    expect(fromJson).toEqual({ path: '/a' })
    expect(Object.keys(fromJson)).toEqual(['path'])
    expect(Object.keys(metadataRequest({ path: '/a', locale: undefined }))).toEqual(['path'])

    const refuse = (input: unknown, message: string) =>
      expect(() => metadataRequest(input as string)).toThrow(new TypeError(message))
    refuse(42, 'The page path must be a string')
    refuse(null, 'The page path must be a string')
    refuse(undefined, 'The page path must be a string')
    refuse({}, 'The page path must be a string')
    refuse({ path: 7 }, 'The page path must be a string')
    refuse({ path: '/'.repeat(2049) }, 'The page path must be at most 2048 characters')
    refuse('/'.repeat(2049), 'The page path must be at most 2048 characters')
    const locale = 'The locale must be a language code such as de or fr-CA'
    refuse({ path: '/a', locale: 7 }, locale)
    refuse({ path: '/a', locale: '' }, locale)
    refuse({ path: '/a', locale: 'de/../x' }, locale)
    refuse({ path: '/a', locale: 'de-' }, locale)
    refuse({ path: '/a', locale: 'de&path=/admin' }, locale)
    refuse({ path: '/a', locale: `ab${'-b'.repeat(17)}` }, locale)
    expect(metadataRequest({ path: '/a', locale: `a${'-b'.repeat(17)}` }).locale).toHaveLength(35)
  })

  it('loadMetadata reads the page in the locale asked for, and without one as before', async () => {
    const asked: string[] = []
    server.respond((req, res) => {
      asked.push(req.url ?? '')
      json(res, { metadata: { title: req.url?.includes('locale=de') ? 'Preise' : 'Pricing' } })
    })
    const client = createMetadataClient({ dsn: 'dsn_acme', baseUrl: server.origin })
    expect(await loadMetadata(client, { path: '/pricing', locale: 'de' })).toEqual({
      title: 'Preise',
    })
    expect(await loadMetadata(client, { path: '/pricing' })).toEqual({ title: 'Pricing' })
    expect(await loadMetadata(client, metadataRequest('/pricing'))).toEqual({ title: 'Pricing' })
    expect(asked).toEqual([
      expect.stringMatching(/get-latest\?locale=de&path=%2Fpricing$/),
      expect.stringMatching(/get-latest\?path=%2Fpricing$/),
    ])
    // Without a locale the client is asked for the path alone, as it always was.
    const get = vi.fn(async () => null)
    await loadMetadata({ get }, '/a')
    await loadMetadata({ get }, { path: '/b' })
    await loadMetadata({ get }, { path: '/c', locale: 'fr' })
    expect(get.mock.calls).toEqual([['/a'], ['/b'], ['/c', { locale: 'fr' }]])
    expect(await loadMetadata({ get }, { path: '/d', locale: 'de' })).toBeNull()
  })

  it('createHead asks the server function for the route path', async () => {
    const serverFn = vi.fn(async ({ data }: { data: string }) => ({ title: `Page ${data}` }))
    const head = createHead({ serverFn, fallback: { title: 'Acme' } })
    expect(await head(ctx('/pricing'))).toEqual({ meta: [{ title: 'Page /pricing' }], links: [] })
    expect(serverFn).toHaveBeenCalledWith({ data: '/pricing' })
    await createHead({ serverFn, path: () => '/custom' })(ctx('/ignored'))
    expect(serverFn).toHaveBeenLastCalledWith({ data: '/custom' })
  })

  it('createHead renders the fallback when the server function fails', async () => {
    const head = createHead({
      serverFn: async () => {
        throw new Error('offline')
      },
      fallback: { title: 'Acme' },
    })
    expect(await head(ctx('/a'))).toEqual({ meta: [{ title: 'Acme' }], links: [] })
  })
})

describe('toTanStackHead and inherited attributes', () => {
  it('copies own attributes only', () => {
    const attrs = Object.assign(Object.create({ onload: 'alert(1)' }) as object, {
      name: 'a',
      content: 'b',
    })
    expect(toTanStackHead([{ tag: 'meta', attrs } as HeadTag])).toEqual({
      meta: [{ name: 'a', content: 'b' }],
      links: [],
    })
  })
})
