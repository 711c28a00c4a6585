import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMetadataClient } from './client.ts'
import type { HeadTag } from './head.ts'
import { createHead, createRootHead, toTanStackHead } from './tanstack-start.ts'
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
