// The server-function bridge against the real `createServerFn` of @tanstack/react-start.
import { createServerFn } from '@tanstack/react-start'
import { describe, expectTypeOf, it } from 'vitest'
import { createMetadataClient } from './client.ts'
import { compileHead, type HeadTag } from './head.ts'
import { compileHtmlHead } from './html.ts'
import {
  compileTanStackHead,
  createHead,
  loadMetadata,
  metadataPath,
  metadataRequest,
  type MetadataRequest,
  type TanStackHead,
} from './tanstack-start.ts'
import type { Metadata } from './types.ts'

describe('the TanStack Start bridge and createServerFn', () => {
  it('fits createServerFn().validator(metadataPath).handler(loadMetadata) into createHead', () => {
    const client = createMetadataClient({ dsn: undefined, baseUrl: undefined })
    const getPageMetadata = createServerFn({ method: 'GET' })
      .validator(metadataPath)
      .handler(({ data }) => loadMetadata(client, data))
    expectTypeOf(getPageMetadata({ data: '/a' })).resolves.toEqualTypeOf<Metadata | null>()
    const head = createHead({ serverFn: getPageMetadata, fallback: { title: 'Acme' } })
    expectTypeOf(head).returns.resolves.toEqualTypeOf<TanStackHead>()
  })
})

describe('the locale-aware server function', () => {
  it('fits createServerFn().validator(metadataRequest).handler(loadMetadata): a path or { path, locale? }', () => {
    const client = createMetadataClient({ dsn: undefined, baseUrl: undefined })
    const getPageMetadata = createServerFn({ method: 'GET' })
      .validator(metadataRequest)
      .handler(({ data }) => {
        expectTypeOf(data).toEqualTypeOf<MetadataRequest>()
        return loadMetadata(client, data)
      })
    expectTypeOf(
      getPageMetadata({ data: { path: '/pricing', locale: 'de' } }),
    ).resolves.toEqualTypeOf<Metadata | null>()
    expectTypeOf(
      getPageMetadata({ data: { path: '/pricing' } }),
    ).resolves.toEqualTypeOf<Metadata | null>()
    expectTypeOf(getPageMetadata({ data: '/pricing' })).resolves.toEqualTypeOf<Metadata | null>()
    // @ts-expect-error -- a locale is a string
    void getPageMetadata({ data: { path: '/pricing', locale: 7 } })
    // @ts-expect-error -- the path is required
    void getPageMetadata({ data: { locale: 'de' } })
    // It still serves createHead, which asks for the route's path.
    const head = createHead({ serverFn: getPageMetadata, fallback: { title: 'Acme' } })
    expectTypeOf(head).returns.resolves.toEqualTypeOf<TanStackHead>()
  })

  it('loadMetadata takes a path or a request', () => {
    const client = createMetadataClient({ dsn: undefined, baseUrl: undefined })
    expectTypeOf(loadMetadata(client, '/a')).resolves.toEqualTypeOf<Metadata | null>()
    expectTypeOf(
      loadMetadata(client, { path: '/a', locale: 'de' }),
    ).resolves.toEqualTypeOf<Metadata | null>()
    expectTypeOf(metadataRequest).returns.toEqualTypeOf<MetadataRequest>()
    // @ts-expect-error -- a request has a path
    void loadMetadata(client, { locale: 'de' })
  })
})

describe("the compiled heads' fallback built per request", () => {
  it('takes a metadata object or head tags, or nothing, after the page metadata', () => {
    const pageHead = compileTanStackHead({ fallback: { title: 'Acme' } })
    const post = { title: 'Hello', summary: 'A first post' }
    expectTypeOf(
      pageHead(null, { title: post.title, description: post.summary }),
    ).toEqualTypeOf<TanStackHead>()
    expectTypeOf(
      pageHead(undefined, [{ tag: 'title', children: post.title }]),
    ).toEqualTypeOf<TanStackHead>()
    expectTypeOf(pageHead({ title: 'Pricing' })).toEqualTypeOf<TanStackHead>()
    expectTypeOf(pageHead(null, null)).toEqualTypeOf<TanStackHead>()
    // @ts-expect-error -- a fallback is a metadata object or head tags, not a string
    pageHead(null, 'Hello')
    // @ts-expect-error -- a metadata object's title is a string
    pageHead(null, { title: 1 })
    expectTypeOf(compileHead({})(null, { title: 'Hello' })).toEqualTypeOf<HeadTag[]>()
    expectTypeOf(compileHtmlHead({})(null, { title: 'Hello' })).toEqualTypeOf<string>()
  })
})
