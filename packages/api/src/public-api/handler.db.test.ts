import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createMetadataClient, toHeadTags } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { discoveredPath, siteApiKey, usage } from '../db/schema.ts'
import {
  createFixtureApiKey,
  createFixturePage,
  createFixtureSite,
  saveFixtureRevision,
} from '../../test/public-api-fixtures.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'

const server = usePublicApiTestServer()
const db = () => server.current.app.headmark.db
const get = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(server.current.origin, target, { method, headers })
const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown

/** A site with defaults, a title template and a /pricing page. */
async function acme(options: { requireApiKey?: boolean } = {}) {
  const site = await createFixtureSite(db(), { titleTemplate: '%s · Acme', ...options })
  const defaultsId = await saveFixtureRevision(db(), site.id, null, {
    title: 'Acme',
    description: 'Tools for everyone',
    noindex: false,
  })
  const pricingId = await saveFixtureRevision(db(), site.id, '/pricing', {
    title: 'Pricing',
    openGraph: { title: 'Acme pricing' },
  })
  return { site, defaultsId, pricingId }
}

describe('GET /api/openapi/v1/{dsn}/metadata/get-latest', () => {
  it('serves the defaults overlaid by the page, with the title template and the revision id', async () => {
    const { site, pricingId } = await acme()
    const response = await get(getLatestTarget(site.dsn, '/pricing'))
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/json')
    expect(json(response.body)).toEqual({
      metadata: {
        title: 'Pricing · Acme',
        description: 'Tools for everyone',
        openGraph: { title: 'Acme pricing' },
      },
      metadataRevisionId: pricingId,
    })
    // Exactly these bytes: metadata first, no null, no noindex:false.
    expect(response.body.toString()).not.toMatch(/null|noindex/)
    expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/)
    expect(response.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
    )
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['content-length']).toBe(String(response.body.length))
  })

  it('serves canonical, robots, language versions and structured data, which the SDK renders safely', async () => {
    const site = await createFixtureSite(db())
    await saveFixtureRevision(db(), site.id, null, {
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' }],
    })
    const metadata = {
      title: 'Preise',
      canonical: 'https://acme.com/de/preise',
      robots: { noarchive: true, maxImagePreview: 'large' as const },
      alternates: {
        en: 'https://acme.com/pricing',
        de: 'https://acme.com/de/preise',
        'x-default': 'https://acme.com/pricing',
      },
      jsonLd: [{ '@type': 'Product', name: '</script><script>alert(1)</script>' }],
    }
    await saveFixtureRevision(db(), site.id, '/de/preise', metadata)
    const client = createMetadataClient({
      dsn: site.dsn,
      baseUrl: `${server.current.origin}/api/openapi`,
      cache: { ttl: 0, staleWhileRevalidate: 0 },
    })
    const answer = await client.get('/de/preise')
    expect(answer?.metadata).toEqual({
      ...metadata,
      jsonLd: [
        { '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' },
        ...metadata.jsonLd,
      ],
    })
    const html = renderHead(toHeadTags(answer?.metadata ?? {}))
    expect(html).toContain('<link rel="canonical" href="https://acme.com/de/preise">')
    expect(html).toContain('hreflang="x-default"')
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html).not.toContain('</script><script>alert')
  })

  it('serves noindex only when it is true', async () => {
    const site = await createFixtureSite(db())
    await saveFixtureRevision(db(), site.id, null, { noindex: true })
    await saveFixtureRevision(db(), site.id, '/open', { noindex: false })
    await saveFixtureRevision(db(), site.id, '/hidden', { title: 'Hidden' })
    expect(json((await get(getLatestTarget(site.dsn, '/open'))).body)).toMatchObject({
      metadata: {},
    })
    expect(
      (json((await get(getLatestTarget(site.dsn, '/open'))).body) as { metadata: object }).metadata,
    ).not.toHaveProperty('noindex')
    expect(json((await get(getLatestTarget(site.dsn, '/hidden'))).body)).toMatchObject({
      metadata: { noindex: true, title: 'Hidden' },
    })
  })

  it('answers an unknown path of a known site with its defaults, or {metadata:{}} without any', async () => {
    const { site, defaultsId } = await acme()
    expect(json((await get(getLatestTarget(site.dsn, '/nowhere'))).body)).toEqual({
      metadata: { title: 'Acme', description: 'Tools for everyone' },
      metadataRevisionId: defaultsId,
    })
    const bare = await createFixtureSite(db())
    const response = await get(getLatestTarget(bare.dsn, '/'))
    expect(response.status).toBe(200)
    expect(response.body.toString()).toBe('{"metadata":{}}')
    // A page that exists but has no revision yet serves the defaults too.
    await createFixturePage(db(), site.id, '/draft')
    expect(json((await get(getLatestTarget(site.dsn, '/draft'))).body)).toMatchObject({
      metadataRevisionId: defaultsId,
    })
  })

  it.each([
    ['//pricing', '/pricing'],
    ['/pricing/', '/pricing'],
    ['/pricing?x=1', '/pricing'],
    ['/pricing#top', '/pricing'],
    ['/caf%C3%A9', '/café'],
    ['/café', '/café'],
    ['/cafe\u0301', '/café'],
  ])('normalises %j to the page stored as %j', async (requested, stored) => {
    const site = await createFixtureSite(db())
    const revisionId = await saveFixtureRevision(db(), site.id, stored, { title: stored })
    const response = await get(getLatestTarget(site.dsn, requested))
    expect(response.status).toBe(200)
    expect(json(response.body)).toEqual({
      metadata: { title: stored },
      metadataRevisionId: revisionId,
    })
  })

  it.each([
    ['a malformed escape, encoded', `?path=${encodeURIComponent('/%E0%A4%A')}`],
    ['a malformed escape, raw', '?path=/%E0%A4%A'],
    ['a bad escape', '?path=/%zz'],
    ['a path over 2048 characters', `?path=/${'a'.repeat(2048)}`],
    ['no path', ''],
  ])('answers 400 for %s', async (_case, query) => {
    const site = await createFixtureSite(db())
    const response = await get(`/api/openapi/v1/${site.dsn}/metadata/get-latest${query}`)
    expect(response.status).toBe(400)
    expect(json(response.body)).toMatchObject({
      defined: true,
      code: 'BAD_REQUEST',
      status: 400,
      message: expect.any(String),
    })
  })

  it('accepts a path of exactly 2048 characters', async () => {
    const site = await createFixtureSite(db())
    const response = await get(getLatestTarget(site.dsn, `/${'a'.repeat(2047)}`))
    expect(response.status).toBe(200)
  })

  it('answers 404 for an unknown DSN, in the oRPC error body', async () => {
    for (const dsn of ['unknown-dsn', 'x'.repeat(200), '%ZZ', 'a.b']) {
      const response = await get(`/api/openapi/v1/${dsn}/metadata/get-latest?path=/`)
      expect(response.status).toBe(404)
      expect(json(response.body)).toEqual({
        defined: true,
        code: 'NOT_FOUND',
        status: 404,
        message: expect.stringContaining('DSN'),
      })
    }
    expect((await get('/api/openapi/v1/other')).status).toBe(404)
  })

  it('answers 404 for a site deleted after its answer was cached, once the core says so', async () => {
    const { site } = await acme()
    expect((await get(getLatestTarget(site.dsn, '/pricing'))).status).toBe(200)
    await db().execute(`delete from site where id = '${site.id}'`)
    server.current.app.headmark.events.siteChanged(site.id)
    expect((await get(getLatestTarget(site.dsn, '/pricing'))).status).toBe(404)
  })

  it('requires a valid, unrevoked key on a site set to require one', async () => {
    const { site } = await acme({ requireApiKey: true })
    const key = await createFixtureApiKey(db(), site.id)
    const target = getLatestTarget(site.dsn, '/pricing')

    const missing = await get(target)
    expect(missing.status).toBe(401)
    expect(json(missing.body)).toMatchObject({ code: 'UNAUTHORIZED', status: 401, defined: true })
    expect(missing.headers['www-authenticate']).toBe('Bearer')
    expect((await get(target, { authorization: 'Bearer hm_wrong' })).status).toBe(401)
    expect((await get(target, { authorization: key })).status).toBe(401)

    const ok = await get(target, { authorization: `Bearer ${key}` })
    expect(ok.status).toBe(200)
    expect(ok.headers['cache-control']).toBe('private, no-cache')
    // Cached now: the check still runs on every request.
    expect((await get(target)).status).toBe(401)
    expect((await get(target, { authorization: `Bearer ${key}` })).status).toBe(200)

    await db()
      .update(siteApiKey)
      .set({ revokedAt: new Date() })
      .where(eq(siteApiKey.siteId, site.id))
    server.current.app.headmark.events.siteChanged(site.id)
    expect((await get(target, { authorization: `Bearer ${key}` })).status).toBe(401)
  })

  it('ignores a wrong key on a site that does not require one', async () => {
    const { site } = await acme()
    const response = await get(getLatestTarget(site.dsn, '/pricing'), {
      authorization: 'Bearer nonsense',
    })
    expect(response.status).toBe(200)
  })

  it('answers 304 to a matching If-None-Match, and 200 again after a save', async () => {
    const { site } = await acme()
    const target = getLatestTarget(site.dsn, '/pricing')
    const first = await get(target)
    const etag = first.headers.etag as string
    const again = await get(target, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['access-control-allow-origin']).toBe('*')
    expect((await get(target, { 'if-none-match': `"x", ${etag.slice(2)}` })).status).toBe(304)
    expect((await get(target, { 'if-none-match': '*' })).status).toBe(304)

    await saveFixtureRevision(db(), site.id, '/pricing', { title: 'New pricing' })
    server.current.app.headmark.events.siteChanged(site.id)
    const changed = await get(target, { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(json(changed.body)).toMatchObject({ metadata: { title: 'New pricing · Acme' } })
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const { site } = await acme()
    const target = getLatestTarget(site.dsn, '/pricing')
    const getResponse = await get(target)
    const head = await get(target, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers.etag).toBe(getResponse.headers.etag)
    expect(head.headers['content-length']).toBe(getResponse.headers['content-length'])
  })

  it('answers a CORS preflight and refuses other methods with 405', async () => {
    const { site } = await acme()
    const target = getLatestTarget(site.dsn, '/pricing')
    const preflight = await get(
      target,
      {
        origin: 'https://acme.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
      'OPTIONS',
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS')
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/)
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const refused = await get(target, {}, method)
      expect(refused.status).toBe(405)
      expect(refused.headers.allow).toBe('GET, HEAD, OPTIONS')
      expect(json(refused.body)).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', status: 405 })
    }
  })

  it('compresses large answers for clients that accept it, and leaves small ones alone', async () => {
    const site = await createFixtureSite(db())
    const description = 'A long description of the page. '.repeat(100)
    await saveFixtureRevision(db(), site.id, '/long', { description })
    const target = getLatestTarget(site.dsn, '/long')
    const plain = await get(target)
    const br = await get(target, { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get(target, { 'accept-encoding': 'gzip' })
    const refused = await get(target, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(brotliDecompressSync(br.body)).toEqual(plain.body)
    expect(gunzipSync(gzip.body)).toEqual(plain.body)
    expect(br.body.length).toBeLessThan(plain.body.length / 4)
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(br.headers.etag).toBe(plain.headers.etag)

    const small = await get(getLatestTarget(site.dsn, '/'), { 'accept-encoding': 'br' })
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('refreshes a cached answer when the core announces a change', async () => {
    const { site } = await acme()
    const target = getLatestTarget(site.dsn, '/pricing')
    expect(json((await get(target)).body)).toMatchObject({ metadata: { title: 'Pricing · Acme' } })
    await saveFixtureRevision(db(), site.id, null, { title: 'Acme', description: 'Changed' })
    // Not announced yet: the cache still answers.
    expect(json((await get(target)).body)).toMatchObject({
      metadata: { description: 'Tools for everyone' },
    })
    server.current.app.headmark.events.siteChanged(site.id)
    expect(json((await get(target)).body)).toMatchObject({ metadata: { description: 'Changed' } })
  })

  it('counts calls per organization and day, records paths without a page, and keys’ last use, in batches', async () => {
    const { site } = await acme({ requireApiKey: true })
    const key = await createFixtureApiKey(db(), site.id)
    const auth = { authorization: `Bearer ${key}` }
    for (let i = 0; i < 3; i++) await get(getLatestTarget(site.dsn, '/pricing'), auth)
    for (let i = 0; i < 2; i++) await get(getLatestTarget(site.dsn, '/not-yet'), auth)
    await get(getLatestTarget(site.dsn, '/not-yet/'), auth)
    await get(getLatestTarget(site.dsn, '/refused')) // 401: not counted
    expect(await db().select().from(usage)).toEqual([])

    await server.current.api.flush()
    expect(await db().select().from(usage)).toEqual([
      {
        organizationId: site.organizationId,
        day: new Date().toISOString().slice(0, 10),
        kind: 'api_call',
        count: 6,
      },
    ])
    const discovered = await db().select().from(discoveredPath)
    expect(discovered.map(({ path, requestCount }) => ({ path, requestCount }))).toEqual([
      { path: '/not-yet', requestCount: 3 },
    ])
    const [keyRow] = await db().select().from(siteApiKey)
    expect(keyRow?.lastUsedAt).toBeInstanceOf(Date)

    await get(getLatestTarget(site.dsn, '/pricing'), auth)
    await server.current.api.flush()
    expect((await db().select().from(usage))[0]?.count).toBe(7)
  })
})

describe('@headmark/metadata’s client against the real server', () => {
  it('gets the metadata, revalidates with the ETag, and falls back when the server is down', async () => {
    const { site } = await acme()
    const warnings: string[] = []
    const client = createMetadataClient({
      dsn: site.dsn,
      baseUrl: `${server.current.origin}/api/openapi`,
      cache: { ttl: 0, staleWhileRevalidate: 0 },
      logger: { warn: (message) => void warnings.push(message) },
    })
    expect(await client.get('/pricing/')).toMatchObject({
      metadata: { title: 'Pricing · Acme' },
    })
    expect(await client.get('/pricing')).toMatchObject({ metadata: { title: 'Pricing · Acme' } })
    expect(warnings).toEqual([])

    const down = createMetadataClient({
      dsn: site.dsn,
      baseUrl: 'http://127.0.0.1:9/api/openapi',
      timeout: 2000,
      logger: { warn: (message) => void warnings.push(message) },
    })
    expect(await down.get('/pricing')).toBeNull()
    expect(warnings).toHaveLength(1)
  })
})

describe('billing never breaks a customer site', () => {
  it('serves an organization far over its plan’s API calls with 200', async () => {
    const { site } = await acme()
    // No subscription: the Free plan's 50,000 calls a month, used ten times over today.
    await db()
      .insert(usage)
      .values({
        organizationId: site.organizationId,
        day: new Date().toISOString().slice(0, 10),
        kind: 'api_call',
        count: 500_000,
      })
    const response = await get(getLatestTarget(site.dsn, '/pricing'))
    expect(response.status).toBe(200)
    expect(json(response.body)).toMatchObject({ metadata: { title: 'Pricing · Acme' } })
  })
})
