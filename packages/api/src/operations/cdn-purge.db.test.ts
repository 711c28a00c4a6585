import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerEnv } from '../env.ts'
import { createHeadmark, type Headmark } from '../headmark.ts'
import { startFakeCdnApi, type FakeCdnApi } from '../../test/cdn-api.ts'
import { resetDatabase, testDatabaseUrl } from '../../test/database.ts'
import { createFixtureSite } from '../../test/public-api-fixtures.ts'
import { getLatestTarget, rawRequest } from '../../test/public-api-server.ts'
import { saveRevision } from '../../test/webhook-fixtures.ts'
import { applyChangeSet, createChangeSet } from '../domain/change-sets.ts'
import { COALESCE_THRESHOLD } from '../domain/events.ts'
import { pathTag, siteTag } from './cdn-purge.ts'

let cdn: FakeCdnApi
let headmark: Headmark
let server: Server
let origin: string

beforeAll(async () => {
  cdn = await startFakeCdnApi('cloudflare')
  headmark = await createHeadmark(
    loadServerEnv({
      NODE_ENV: 'test',
      DATABASE_URL: await testDatabaseUrl(),
      CDN_PURGE_PROVIDER: 'cloudflare',
      CDN_PURGE_TOKEN: 'cf-token-secret',
      CDN_PURGE_ZONE: 'zone1',
      CDN_PURGE_API_URL: cdn.origin,
    }),
    { log: () => {} },
  )
  await resetDatabase(headmark.db)
  const api = await headmark.publicApi()
  server = createServer((req, res) => {
    if (!api.handle(req, res)) res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  server?.close()
  await headmark?.webhooks.stop()
  await cdn?.close()
})

/** A save as the core makes it: the revision in a transaction, then siteChanged. */
async function save(
  site: Awaited<ReturnType<typeof createFixtureSite>>,
  path: string | null,
  title: string,
) {
  await saveRevision(headmark, site, { path, metadata: { title } })
  headmark.events.siteChanged(site.id, { revisionSaved: true })
}

describe('CDN purge', () => {
  it("tags public answers with the site and the path, and keeps a key-protected site's answers untagged", async () => {
    const site = await createFixtureSite(headmark.db)
    for (const asked of ['/pricing', '/pricing/', '/pricing?ref=x']) {
      const response = await rawRequest(origin, getLatestTarget(site.dsn, asked))
      expect(response.status).toBe(200)
      const tags = [siteTag(site.id), pathTag(site.id, '/pricing')]
      expect(response.headers['cache-tag']).toBe(tags.join(','))
      expect(response.headers['surrogate-key']).toBe(tags.join(' '))
      expect(response.headers['cdn-tag']).toBe(tags.join(','))
      expect(response.headers['cdn-cache-control']).toBe('max-age=3600')
      // Browsers still revalidate every time.
      expect(response.headers['cache-control']).toMatch(/^public, max-age=0/)
    }
    const locked = await createFixtureSite(headmark.db, { requireApiKey: true })
    const refused = await rawRequest(origin, getLatestTarget(locked.dsn, '/'))
    expect(refused.status).toBe(401)
    expect(refused.headers['cache-tag']).toBeUndefined()
  })

  it("purges a saved path's tag, the site's tag for its defaults or any other change", async () => {
    const site = await createFixtureSite(headmark.db)
    const seen = cdn.requests.length
    await save(site, '/pricing', 'Pricing')
    await cdn.purged([pathTag(site.id, '/pricing')])
    await save(site, null, 'Acme')
    await cdn.purged([siteTag(site.id)])
    headmark.events.siteChanged(site.id)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const purged = cdn.requests.slice(seen).flatMap((request) => request.tags)
    expect(purged).toEqual([pathTag(site.id, '/pricing'), siteTag(site.id), siteTag(site.id)])
    const [first] = cdn.requests.slice(seen)
    expect(first?.headers.authorization).toBe('Bearer cf-token-secret')
  })

  it(`purges a change set's paths, or the site's tag above ${COALESCE_THRESHOLD} paths, once`, async () => {
    const site = await createFixtureSite(headmark.db)
    // Two pages for the small set, then THRESHOLD + 1 others for the large one.
    const count = COALESCE_THRESHOLD + 3
    await headmark.db.execute(sql`
      insert into page (id, site_id, path)
      select ${site.id} || '-' || g, ${site.id}, '/many/' || lpad(g::text, 4, '0')
      from generate_series(1, ${count}) as g`)
    const edit = (n: number) => {
      const path = `/many/${String(n).padStart(4, '0')}`
      return { pageId: `${site.id}-${n}`, path, baseRevisionId: null, metadata: { title: `T${n}` } }
    }
    const apply = async (edits: ReturnType<typeof edit>[]) => {
      const { id } = await createChangeSet(headmark.db, {
        siteId: site.id,
        authorId: null,
        note: null,
        source: 'bulk',
        edits,
      })
      return applyChangeSet(headmark.db, headmark.events, {
        siteId: site.id,
        changeSetId: id,
        authorId: null,
      })
    }
    let seen = cdn.requests.length
    await apply([edit(1), edit(2)])
    const few = [pathTag(site.id, '/many/0001'), pathTag(site.id, '/many/0002')]
    await cdn.purged(few)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(
      cdn.requests
        .slice(seen)
        .flatMap((request) => request.tags)
        .sort(),
    ).toEqual(few.sort())

    seen = cdn.requests.length
    const result = await apply(Array.from({ length: count - 2 }, (_, i) => edit(i + 3)))
    expect(result.applied).toBe(COALESCE_THRESHOLD + 1)
    await cdn.purged([siteTag(site.id)])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(cdn.requests.slice(seen).flatMap((request) => request.tags)).toEqual([siteTag(site.id)])
  })

  it('retries while the CDN refuses, then purges what piled up in batches of at most 100 tags', async () => {
    cdn.status = 503
    const seen = cdn.requests.length
    const sites = Array.from({ length: 150 }, () => randomUUID())
    for (const id of sites) headmark.events.siteChanged(id)
    while (cdn.requests.length === seen) await new Promise((resolve) => setTimeout(resolve, 20))
    cdn.status = 200
    await cdn.purged(sites.map(siteTag))
    const calls = cdn.requests.slice(seen)
    expect(calls.some((call) => call.tags.length > 1)).toBe(true)
    expect(Math.max(...calls.map((call) => call.tags.length))).toBeLessThanOrEqual(100)
  })
})
