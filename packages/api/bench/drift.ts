// Benchmark of drift checks: a site of 1,000 pages on a loopback fixture (heads rendered by the
// SDK), checked as eight crawlers through the real crawler and the real queue, in pages per
// second, against the rate the fixture answers a plain client fetching the same 8,000 pages with
// the same concurrency (measured in the same run), and the rows the check writes.
//
//   npm run bench:drift -w @headmark/api                    PGlite (in memory)
//   BENCH_SIZE=small npm run bench:drift -w @headmark/api   a quick smoke run (10× smaller)
//
// The crawler's rates are set high (CRAWLER_CONCURRENCY_PER_HOST=16,
// CRAWLER_REQUESTS_PER_SECOND=1000): the bench measures Headmark, not politeness.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { resolveHead } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { eq, sql } from 'drizzle-orm'
import { closeAllDatabases } from '../src/db/client.ts'
import { driftCheck, site, subscription } from '../src/db/schema.ts'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark } from '../src/headmark.ts'
import { CRAWLER_AGENTS } from '../src/health/drift.ts'
import { createSite } from '../test/webhook-fixtures.ts'

const PAGES = process.env.BENCH_SIZE === 'small' ? 100 : 1_000
const CONCURRENCY = 16

const titleOf = (path: string) => `Page ${path.slice(3)} · Bench`
// Every 10th page serves Twitterbot an old title: the check has something to find.
const fixture = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  const stale = path.endsWith('0') && String(req.headers['user-agent']).includes('Twitterbot')
  const head = renderHead(
    resolveHead({
      metadata: {
        title: stale ? 'Old' : titleOf(path),
        description: `The page ${path}, for the drift bench.`,
        canonical: `http://localhost${path}`,
      },
    }),
  )
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html><head>${head}</head><body><p>${path}</p></body></html>`)
})
await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`
const paths = Array.from({ length: PAGES }, (_, i) => `/p/${i}`)

/** A plain client: each page as each crawler, `CONCURRENCY` at a time, bodies read whole. */
async function plainFetch(): Promise<number> {
  const jobs = paths.flatMap((path) => CRAWLER_AGENTS.map((agent) => [path, agent.userAgent]))
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const [path, userAgent] = jobs[next++] as [string, string]
        await (await fetch(`${origin}${path}`, { headers: { 'user-agent': userAgent } })).text()
      }
    }),
  )
  return performance.now() - started
}

const env = loadServerEnv({
  NODE_ENV: 'test',
  DATABASE_URL: 'pglite:memory',
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
  CRAWLER_CONCURRENCY_PER_HOST: String(CONCURRENCY),
  CRAWLER_REQUESTS_PER_SECOND: '1000',
  CRAWLER_SITE_ORIGINS: `localhost=${origin}`,
  DRIFT_CHECK_HOURS: '0',
})
const headmark = await createHeadmark(env, { log: () => {} })
try {
  const { db } = headmark
  const target = await createSite(headmark, { hostname: 'localhost' })
  await db.insert(subscription).values({
    id: randomUUID(),
    plan: 'business',
    referenceId: target.organizationId,
    status: 'active',
  })
  await db.update(site).set({ ownershipVerifiedAt: new Date() }).where(eq(site.id, target.id))
  // The pages and their revisions, written straight to the database.
  await db.execute(sql`
    with pages as (
      insert into page (id, site_id, path)
      select gen_random_uuid()::text, ${target.id}, '/p/' || i from generate_series(0, ${PAGES - 1}) as i
      returning id, path)
    insert into metadata_revision (id, page_id, number, metadata, source)
    select gen_random_uuid()::text, id, 1, jsonb_build_object(
      'title', 'Page ' || substr(path, 4) || ' · Bench',
      'description', 'The page ' || path || ', for the drift bench.',
      'canonical', 'http://localhost' || path), 'editor'
    from pages`)
  await db.execute(sql`
    update page set current_revision_id = r.id from metadata_revision r
    where r.page_id = page.id and page.site_id = ${target.id}`)

  const plainMs = await plainFetch()
  const started = performance.now()
  const checkId = await headmark.drift.request({ siteId: target.id, kind: 'site' })
  let row: typeof driftCheck.$inferSelect | undefined
  for (;;) {
    ;[row] = await db.select().from(driftCheck).where(eq(driftCheck.id, checkId))
    if (row && (row.state === 'done' || row.state === 'failed')) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const checkMs = performance.now() - started
  const rate = (count: number, ms: number) => (count / (ms / 1000)).toFixed(0)
  const fetches = PAGES * CRAWLER_AGENTS.length
  console.log(
    `Drift check of a fixture site on loopback (PGlite, ${CONCURRENCY} requests at a time, ${CRAWLER_AGENTS.length} crawlers)`,
  )
  console.log(
    `  ${PAGES.toLocaleString('en')} pages: check ${rate(PAGES, checkMs)} pages/s (${rate(fetches, checkMs)} fetches/s, ${(checkMs / 1000).toFixed(1)} s: fetch, compare, store, summary); plain client ${rate(PAGES, plainMs)} pages/s (${rate(fetches, plainMs)} fetches/s); ratio ${(plainMs / checkMs).toFixed(2)}`,
  )
  console.log(
    `  state ${row?.state}; rows written: ${row?.resultCount} results (${((row?.resultCount ?? 0) / PAGES).toFixed(1)} per page) + 1 check; pages drifting ${row?.driftingCount} of ${row?.checkedCount}`,
  )
} finally {
  await headmark.close()
  await closeAllDatabases()
  fixture.close()
}
