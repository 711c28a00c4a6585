// One Headmark server process for the multi-instance tests and the benchmark: the public API
// on a random port, plus a test-only endpoint that saves a revision the way the core does
// (write, then siteChanged). Prints `READY <port>` when it listens.
//   node --conditions=source test/public-api-instance.ts   (DATABASE_URL from the environment)
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark } from '../src/headmark.ts'
import { and, eq, sql } from 'drizzle-orm'
import { page, site } from '../src/db/schema.ts'
import { localeRevisionId } from '../src/domain/page-locales.ts'
import { commitRevision } from '../src/domain/revisions.ts'
import type { SiteLocales } from '../src/domain/site-locales.ts'
import { createFixtureSite, saveFixtureRevision } from './public-api-fixtures.ts'

const env = loadServerEnv({
  NODE_ENV: 'test',
  DATABASE_URL: process.env.DATABASE_URL,
  PUBLIC_API_CACHE_ENTRIES: process.env.PUBLIC_API_CACHE_ENTRIES,
  PUBLIC_API_CACHE_MB: process.env.PUBLIC_API_CACHE_MB,
  LIVE_CHECK_SECONDS: '0',
  DRIFT_CHECK_HOURS: '0',
})
const headmark = await createHeadmark(env, { log: () => {} })
const api = await headmark.publicApi()

type Body = Record<string, unknown>

/** Test-only writes, as the core would make them. */
const actions: Record<string, (body: Body) => Promise<unknown>> = {
  // { siteId, path, metadata } → saves a revision, then announces it like the core.
  async '/test/save'({ siteId, path, metadata }) {
    const revisionId = await saveFixtureRevision(
      headmark.db,
      siteId as string,
      path as string | null,
      metadata as Body,
    )
    headmark.events.siteChanged(siteId as string)
    return { revisionId }
  },
  // { siteId, locales } → the site's locales (SiteLocales, or null)
  async '/test/locales'({ siteId, locales }) {
    await headmark.db
      .update(site)
      .set({ locales: locales as SiteLocales | null })
      .where(eq(site.id, siteId as string))
    headmark.events.siteChanged(siteId as string)
    return { ok: true }
  },
  // { siteId, path, locale, metadata } → saves the locale's set of an existing page, as the editor does
  async '/test/save-locale'({ siteId, path, locale, metadata }) {
    const [row] = await headmark.db
      .select({ id: page.id })
      .from(page)
      .where(and(eq(page.siteId, siteId as string), eq(page.path, path as string)))
    if (!row) throw new Error(`No page ${String(path)}`)
    const revision = await commitRevision(headmark.db, headmark.events, {
      siteId: siteId as string,
      pageId: row.id,
      baseRevisionId: await localeRevisionId(headmark.db, row.id, locale as string),
      metadata: metadata as Body,
      authorId: null,
      source: 'editor',
      locale: locale as string,
    })
    return { revisionId: revision.id }
  },
  // { requireApiKey?, titleTemplate? } → a new site
  '/test/site': (body) => createFixtureSite(headmark.db, body),
  // { siteId, count } → /page/1 … /page/<count>, each with one revision
  async '/test/pages'({ siteId, count }) {
    await headmark.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into page (id, site_id, path)
        select ${siteId as string} || '-p' || g, ${siteId as string}, '/page/' || g
        from generate_series(1, ${count as number}) g`)
      await tx.execute(sql`
        insert into metadata_revision (id, page_id, number, metadata, source)
        select p.id || '-r1', p.id, 1,
          jsonb_build_object('title', 'Page ' || p.path, 'description', 'All about ' || p.path),
          'import'
        from page p where p.site_id = ${siteId as string} and p.path like '/page/%'`)
      await tx.execute(sql`
        update page set current_revision_id = id || '-r1'
        where site_id = ${siteId as string} and path like '/page/%'`)
    })
    headmark.events.siteChanged(siteId as string)
    return { ok: true }
  },
}

const server = createServer((req, res) => {
  if (api.handle(req, res)) return
  const action = req.method === 'POST' ? actions[req.url ?? ''] : undefined
  if (action) {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      action(JSON.parse(Buffer.concat(chunks).toString() || '{}') as Body).then(
        (result) => {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(result))
        },
        (error: unknown) => {
          res.writeHead(500)
          res.end(String(error))
        },
      )
    })
    return
  }
  if (req.url === '/test/stats') {
    // With --expose-gc: what is still reachable, not what the collector has not visited yet.
    ;(globalThis as { gc?: () => void }).gc?.()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ...api.stats, ...process.memoryUsage() }))
    return
  }
  res.writeHead(404)
  res.end()
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`)
})

process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
  // Closing the database flushes the public API's usage first.
  void headmark.close().then(() => process.exit(0))
})
