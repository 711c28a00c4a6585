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
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { closeAllDatabases } from '../src/db/client.ts'
import { driftCheck } from '../src/db/schema.ts'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark } from '../src/headmark.ts'
import { CRAWLER_AGENTS } from '../src/health/drift.ts'
import { seedDriftSite, startDriftFixture } from '../test/drift-fixtures.ts'

const PAGES = process.env.BENCH_SIZE === 'small' ? 100 : 1_000
const CONCURRENCY = 16

// Every 10th page serves Twitterbot an old title: the check has something to find.
const fixture = await startDriftFixture()
const origin = fixture.origin
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
  // The pages and their revisions, written straight to the database.
  const target = await seedDriftSite(headmark, { pages: PAGES })
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
  await fixture.close()
}
