import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMetadataClient, type MetadataClientOptions } from './client.ts'
import { json, startServer, type TestServer } from './test-utils/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())
afterEach(async () => {
  // Background refreshes started by a test must not land in the next one.
  await settle()
  server.requests.length = 0
  vi.useRealTimers()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
const logger = () => ({ warn: vi.fn() })
const client = (options: Partial<MetadataClientOptions> = {}) =>
  createMetadataClient({
    dsn: 'dsn_acme',
    baseUrl: `${server.origin}/api/openapi`,
    logger: logger(),
    ...options,
  })
/** Answers every request with a title that counts the requests so far. */
const countingTitles = (headers: Record<string, string> = {}) =>
  server.respond((_req, res) =>
    json(res, { metadata: { title: `#${server.requests.length}` } }, 200, headers),
  )
const titleOf = (response: { metadata: { title?: string } } | null) => response?.metadata.title
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms)

describe('createMetadataClient', () => {
  it('calls the contract URL with the normalised path and the bearer key', async () => {
    server.respond((_req, res) =>
      json(res, { metadata: { title: 'Pricing' }, metadataRevisionId: 'rev_1' }),
    )
    const response = await client({
      apiKey: 'key_123',
      baseUrl: `${server.origin}/api/openapi/`,
    }).get('//pricing/?utm_source=x#plans')
    expect(response).toEqual({ metadata: { title: 'Pricing' }, metadataRevisionId: 'rev_1' })
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.url).toBe(
      '/api/openapi/v1/dsn_acme/metadata/get-latest?path=%2Fpricing',
    )
    expect(server.requests[0]?.headers.authorization).toBe('Bearer key_123')
  })

  it('sends no Authorization header without a key, and encodes unicode paths', async () => {
    countingTitles()
    await client().get('/caf%C3%A9')
    expect(server.requests[0]?.headers.authorization).toBeUndefined()
    expect(server.requests[0]?.url).toBe(
      '/api/openapi/v1/dsn_acme/metadata/get-latest?path=%2Fcaf%C3%A9',
    )
  })

  it('makes one request for 100 concurrent calls for one path', async () => {
    server.respond((_req, res) => setTimeout(() => json(res, { metadata: { title: 'Once' } }), 50))
    const metadata = client()
    const results = await Promise.all(Array.from({ length: 100 }, () => metadata.get('/a')))
    expect(server.requests).toHaveLength(1)
    expect(new Set(results.map(titleOf))).toEqual(new Set(['Once']))
  })

  it('serves spellings of one path from one cache entry, and other paths separately', async () => {
    countingTitles()
    const metadata = client()
    expect(titleOf(await metadata.get('/a'))).toBe('#1')
    expect(titleOf(await metadata.get('/a/'))).toBe('#1')
    expect(titleOf(await metadata.get('//a?x=1'))).toBe('#1')
    expect(titleOf(await metadata.get('/b'))).toBe('#2')
    expect(server.requests).toHaveLength(2)
  })

  it('serves a stale answer at once after the TTL and refreshes it in the background', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    countingTitles()
    const metadata = client({ cache: { ttl: 1000, staleWhileRevalidate: 5000 } })
    expect(titleOf(await metadata.get('/a'))).toBe('#1')
    advance(999)
    expect(titleOf(await metadata.get('/a'))).toBe('#1')
    expect(server.requests).toHaveLength(1)
    advance(1)
    expect(titleOf(await metadata.get('/a'))).toBe('#1')
    // Date is frozen, so once the refresh is stored it stays fresh: polling makes no new request.
    await vi.waitFor(async () => expect(titleOf(await metadata.get('/a'))).toBe('#2'))
    expect(server.requests).toHaveLength(2)
  })

  it('waits for a fresh answer once the stale window has passed too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    countingTitles()
    const metadata = client({ cache: { ttl: 1000, staleWhileRevalidate: 5000 } })
    await metadata.get('/a')
    advance(6000)
    expect(titleOf(await metadata.get('/a'))).toBe('#2')
  })

  it('revalidates with If-None-Match and keeps the cached answer on 304', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    server.respond((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304)
        res.end()
      } else json(res, { metadata: { title: 'Tagged' } }, 200, { etag: '"v1"' })
    })
    const metadata = client({ cache: { ttl: 1000, staleWhileRevalidate: 0 } })
    await metadata.get('/a')
    advance(1000)
    expect(titleOf(await metadata.get('/a'))).toBe('Tagged')
    expect(server.requests[1]?.headers['if-none-match']).toBe('"v1"')
    // The 304 renewed the entry: no request during the next TTL.
    advance(999)
    await metadata.get('/a')
    expect(server.requests).toHaveLength(2)
  })

  it('evicts the least recently used path beyond maxEntries', async () => {
    countingTitles()
    const metadata = client({ cache: { maxEntries: 2 } })
    await metadata.get('/a')
    await metadata.get('/b')
    await metadata.get('/a')
    await metadata.get('/c')
    expect(server.requests).toHaveLength(3)
    await metadata.get('/a')
    expect(server.requests).toHaveLength(3)
    expect(titleOf(await metadata.get('/b'))).toBe('#4')
  })

  it('does not cache with maxEntries 0', async () => {
    countingTitles()
    const metadata = client({ cache: { maxEntries: 0 } })
    await metadata.get('/a')
    await metadata.get('/a')
    expect(server.requests).toHaveLength(2)
  })

  it.each<[string, Parameters<TestServer['respond']>[0]]>([
    ['unknown DSN (404)', (_req, res) => json(res, { code: 'NOT_FOUND' }, 404)],
    ['bad key (401)', (_req, res) => json(res, { code: 'UNAUTHORIZED' }, 401)],
    ['server error (500)', (_req, res) => json(res, { code: 'INTERNAL' }, 500)],
    ['an HTML error page', (_req, res) => res.end('<html>Bad gateway</html>')],
    ['a body of the wrong shape', (_req, res) => json(res, { metadata: { title: 42 } })],
    ['a timeout', (_req, res) => setTimeout(() => json(res, { metadata: {} }), 500)],
  ])('returns null and logs one warning on %s', async (_, respond) => {
    server.respond(respond)
    const warnings = logger()
    const metadata = client({ logger: warnings, timeout: 100 })
    expect(await metadata.get('/a')).toBeNull()
    expect(warnings.warn).toHaveBeenCalledTimes(1)
    expect(warnings.warn.mock.calls[0]?.[0]).toBe(
      '[headmark] Could not load metadata for "/a"; using the fallback.',
    )
  })

  it('serves an Open Graph type or card a newer Headmark added, instead of falling back', async () => {
    const body = {
      metadata: {
        openGraph: { type: 'video.short', determiner: 'some' },
        twitter: { card: 'player' },
        canonical: 'https://acme.com/a',
        jsonLd: [{ '@type': 'Thing' }],
      },
    }
    server.respond((_req, res) => json(res, body))
    expect(await client().get('/a')).toEqual(body)
  })

  it.each([
    { metadata: { openGraph: { type: 42 } } },
    { metadata: { jsonLd: {} } },
    { metadata: { robots: 'noindex' } },
  ])('still refuses a body whose fields have the wrong type: %j', async (body) => {
    server.respond((_req, res) => json(res, body))
    expect(await client({ logger: logger() }).get('/a')).toBeNull()
  })

  it('returns null when the service can not be reached', async () => {
    const warnings = logger()
    const unreachable = await startServer()
    await unreachable.close()
    const metadata = client({ baseUrl: unreachable.origin, logger: warnings })
    expect(await metadata.get('/a')).toBeNull()
    expect(warnings.warn).toHaveBeenCalledTimes(1)
  })

  it('keeps serving the stale answer when the background refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    countingTitles()
    const warnings = logger()
    const metadata = client({ logger: warnings, cache: { ttl: 1000, staleWhileRevalidate: 5000 } })
    await metadata.get('/a')
    server.respond((_req, res) => json(res, {}, 503))
    advance(2000)
    expect(titleOf(await metadata.get('/a'))).toBe('#1')
    await vi.waitFor(() => expect(warnings.warn).toHaveBeenCalledTimes(1))
    expect(titleOf(await metadata.get('/a'))).toBe('#1')
    // That call started another refresh; let it fail here rather than during the next test.
    await vi.waitFor(() => expect(warnings.warn).toHaveBeenCalledTimes(2))
  })

  it('retries on the next call after a failure (failures are not cached)', async () => {
    server.respond((_req, res) => json(res, {}, 503))
    const metadata = client()
    expect(await metadata.get('/a')).toBeNull()
    countingTitles()
    expect(titleOf(await metadata.get('/a'))).toBe('#2')
  })

  it('treats a 304 it did not ask for as a failure', async () => {
    const warnings = logger()
    const fetch = vi.fn(async () => new Response(null, { status: 304 }))
    expect(await client({ fetch, logger: warnings }).get('/a')).toBeNull()
    expect(warnings.warn).toHaveBeenCalledTimes(1)
  })

  it.each([undefined, ''])(
    'is in development mode with DSN %j: empty metadata, no request',
    async (dsn) => {
      const fetch = vi.fn<typeof globalThis.fetch>()
      const metadata = createMetadataClient({ dsn, baseUrl: undefined, fetch })
      expect(await metadata.get('/a')).toEqual({ metadata: {} })
      metadata.invalidate('/a')
      expect(fetch).not.toHaveBeenCalled()
    },
  )

  it('returns null with a warning, and makes no request, for a malformed path', async () => {
    const warnings = logger()
    expect(await client({ logger: warnings }).get('/%E0%A4%A')).toBeNull()
    expect(server.requests).toHaveLength(0)
    expect(warnings.warn).toHaveBeenCalledTimes(1)
  })

  it.each([undefined, ''])(
    'requires baseUrl (%j) when a DSN is set: there is no default host',
    (baseUrl) => {
      expect(() => createMetadataClient({ dsn: 'dsn_acme', baseUrl })).toThrow(
        new TypeError(
          'createMetadataClient: baseUrl is required with a DSN (there is no default host); pass your Headmark metadata API, e.g. https://headmark.example/api/openapi',
        ),
      )
    },
  )

  it.each(['headmark.example/api', 'ftp://headmark.example', 'javascript:alert(1)'])(
    'refuses the baseUrl %j, which is not an http(s) URL',
    (baseUrl) => {
      expect(() => createMetadataClient({ dsn: 'dsn_acme', baseUrl })).toThrow(
        new TypeError(
          `createMetadataClient: baseUrl must be an http(s) URL, not ${JSON.stringify(baseUrl)}; pass your Headmark metadata API, e.g. https://headmark.example/api/openapi`,
        ),
      )
    },
  )

  describe('per-call site and key (multi-tenant servers)', () => {
    it('asks for the DSN and key of the call, and caches per site and key', async () => {
      countingTitles()
      const metadata = client({ apiKey: 'key_default' })
      expect(titleOf(await metadata.get('/a', { dsn: 'dsn_b', apiKey: 'key_b' }))).toBe('#1')
      expect(titleOf(await metadata.get('/a', { dsn: 'dsn_b', apiKey: 'key_b' }))).toBe('#1')
      expect(titleOf(await metadata.get('/a', { dsn: 'dsn_b', apiKey: 'key_other' }))).toBe('#2')
      expect(titleOf(await metadata.get('/a'))).toBe('#3')
      expect(server.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
        ['/api/openapi/v1/dsn_b/metadata/get-latest?path=%2Fa', 'Bearer key_b'],
        ['/api/openapi/v1/dsn_b/metadata/get-latest?path=%2Fa', 'Bearer key_other'],
        ['/api/openapi/v1/dsn_acme/metadata/get-latest?path=%2Fa', 'Bearer key_default'],
      ])
    })

    it('invalidates one site only when given its DSN', async () => {
      countingTitles()
      const metadata = client()
      await metadata.get('/a')
      await metadata.get('/a', { dsn: 'dsn_b' })
      await metadata.get('/b', { dsn: 'dsn_b' })
      metadata.invalidate('/a', { dsn: 'dsn_b' })
      expect(titleOf(await metadata.get('/a'))).toBe('#1')
      expect(titleOf(await metadata.get('/b', { dsn: 'dsn_b' }))).toBe('#3')
      expect(titleOf(await metadata.get('/a', { dsn: 'dsn_b' }))).toBe('#4')
      metadata.invalidate(null, { dsn: 'dsn_b' })
      expect(titleOf(await metadata.get('/a'))).toBe('#1')
      expect(titleOf(await metadata.get('/b', { dsn: 'dsn_b' }))).toBe('#5')
    })

    it('warns and resolves to null when a development client is asked for a site without a baseUrl', async () => {
      const warnings = logger()
      const fetch = vi.fn<typeof globalThis.fetch>()
      const metadata = createMetadataClient({
        dsn: undefined,
        baseUrl: undefined,
        fetch,
        logger: warnings,
      })
      expect(await metadata.get('/a', { dsn: 'dsn_b' })).toBeNull()
      expect(await metadata.get('/a')).toEqual({ metadata: {} })
      expect(fetch).not.toHaveBeenCalled()
      expect(warnings.warn).toHaveBeenCalledWith(
        '[headmark] Could not load metadata for "/a"; using the fallback.',
        new TypeError(
          'createMetadataClient: baseUrl is required with a DSN (there is no default host); pass your Headmark metadata API, e.g. https://headmark.example/api/openapi',
        ),
      )
    })
  })

  describe('locale', () => {
    it('sends the locale before the path, and caches each locale apart', async () => {
      countingTitles()
      const metadata = client()
      expect(titleOf(await metadata.get('/a', { locale: 'de' }))).toBe('#1')
      expect(titleOf(await metadata.get('/a', { locale: 'fr-CA' }))).toBe('#2')
      expect(titleOf(await metadata.get('/a'))).toBe('#3')
      expect(titleOf(await metadata.get('/a', { locale: 'de' }))).toBe('#1')
      expect(server.requests.map((request) => request.url)).toEqual([
        '/api/openapi/v1/dsn_acme/metadata/get-latest?locale=de&path=%2Fa',
        '/api/openapi/v1/dsn_acme/metadata/get-latest?locale=fr-CA&path=%2Fa',
        '/api/openapi/v1/dsn_acme/metadata/get-latest?path=%2Fa',
      ])
    })

    it('encodes the locale, and sends none when it is empty', async () => {
      countingTitles()
      const metadata = client()
      await metadata.get('/a', { locale: 'x&path=/b' })
      await metadata.get('/a', { locale: '' })
      expect(server.requests.map((request) => request.url)).toEqual([
        '/api/openapi/v1/dsn_acme/metadata/get-latest?locale=x%26path%3D%2Fb&path=%2Fa',
        '/api/openapi/v1/dsn_acme/metadata/get-latest?path=%2Fa',
      ])
    })

    it('drops every locale of a path with invalidate(path), and no other path', async () => {
      countingTitles()
      const metadata = client()
      await metadata.get('/a', { locale: 'de' })
      await metadata.get('/a')
      await metadata.get('/b', { locale: 'de' })
      await metadata.get('/x/a', { locale: 'de' })
      metadata.invalidate('/a')
      expect(titleOf(await metadata.get('/a', { locale: 'de' }))).toBe('#5')
      expect(titleOf(await metadata.get('/a'))).toBe('#6')
      expect(titleOf(await metadata.get('/b', { locale: 'de' }))).toBe('#3')
      expect(titleOf(await metadata.get('/x/a', { locale: 'de' }))).toBe('#4')
    })
  })

  describe('invalidate', () => {
    it('drops one path, whatever its spelling', async () => {
      countingTitles()
      const metadata = client()
      await metadata.get('/a')
      await metadata.get('/b')
      metadata.invalidate('/a/?x#y')
      metadata.invalidate('/%')
      expect(titleOf(await metadata.get('/a'))).toBe('#3')
      expect(titleOf(await metadata.get('/b'))).toBe('#2')
    })

    it('drops everything with null', async () => {
      countingTitles()
      const metadata = client()
      await metadata.get('/a')
      await metadata.get('/b')
      metadata.invalidate(null)
      expect(titleOf(await metadata.get('/a'))).toBe('#3')
      expect(titleOf(await metadata.get('/b'))).toBe('#4')
    })

    it('does not cache an answer that was in flight when the path was invalidated', async () => {
      server.respond((_req, res) =>
        setTimeout(() => json(res, { metadata: { title: `#${server.requests.length}` } }), 200),
      )
      const metadata = client()
      const before = metadata.get('/a')
      await vi.waitFor(() => expect(server.requests).toHaveLength(1))
      metadata.invalidate('/a')
      expect(titleOf(await before)).toBe('#1')
      expect(titleOf(await metadata.get('/a'))).toBe('#2')
    })
  })
})
