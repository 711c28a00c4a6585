// Benchmark of imports: a fixture site of 5,000 pages on loopback imported from its sitemap
// through the real crawler and the real queue, in pages per second, against the rate the fixture
// server answers a plain client fetching the same pages with the same concurrency (measured in
// the same run); and the import's memory at 500 and at 5,000 pages (RSS and the heap after a full
// garbage collection, above the level before the run; measured in a second import of the same
// pages, as the collections would slow the first), printed as ratios: near 1 is flat (the
// goal), near 10 would mean the import holds every page.
//
//   npm run bench:import -w @headmark/api                    PGlite (in memory)
//   BENCH_SIZE=small npm run bench:import -w @headmark/api   a quick smoke run (10× smaller)
//
// The crawler's rates are set high (CRAWLER_CONCURRENCY_PER_HOST=16,
// CRAWLER_REQUESTS_PER_SECOND=1000): the bench measures Headmark, not politeness.
import { randomBytes, randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { closeAllDatabases } from '../src/db/client.ts'
import { siteImport, subscription } from '../src/db/schema.ts'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark, type Headmark } from '../src/headmark.ts'
import { type FixtureSite, startFixtureSite } from '../test/import-fixtures.ts'
import { createSite } from '../test/webhook-fixtures.ts'

const small = process.env.BENCH_SIZE === 'small'
const BIG = small ? 500 : 5_000
const SCALE = 10
const CONCURRENCY = 16

interface Peak {
  rss: number
  heap: number
}

/**
 * Peaks above the level at the start, sampled every 20 ms; every 25th sample (twice a second)
 * collects garbage first (--expose-gc). A full collection stops the process for a while: the
 * import whose memory is measured is not the one whose rate is (see run()).
 */
function memoryMeter() {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const start = process.memoryUsage()
  const peak: Peak = { rss: 0, heap: 0 }
  let count = 0
  const sample = () => {
    count += 1
    const collect = gc !== undefined && count % 25 === 0
    if (collect) gc()
    const now = process.memoryUsage()
    peak.rss = Math.max(peak.rss, now.rss - start.rss)
    if (collect || gc === undefined) peak.heap = Math.max(peak.heap, now.heapUsed - start.heapUsed)
  }
  const timer = setInterval(sample, 20)
  return {
    stop(): Peak {
      clearInterval(timer)
      gc?.()
      count = 24
      sample()
      return peak
    },
  }
}

const MIB = 1024 * 1024
const mib = (bytes: number) => `${(Math.max(bytes, 0) / 1024 / 1024).toFixed(1)} MiB`
const rate = (pages: number, ms: number) => (pages / (ms / 1000)).toFixed(0)

/** A plain client: the same pages, `CONCURRENCY` at a time, bodies read whole. */
async function plainFetch(fixture: FixtureSite, paths: string[]): Promise<number> {
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const path = paths[next++] as string
        await (await fetch(`${fixture.origin}${path}`)).text()
      }
    }),
  )
  return performance.now() - started
}

/** A site `localhost` on the Business plan (no page quota). */
async function benchSite(headmark: Headmark) {
  const site = await createSite(headmark, { hostname: 'localhost' })
  await headmark.db.insert(subscription).values({
    id: randomUUID(),
    plan: 'business',
    referenceId: site.organizationId,
    status: 'active',
  })
  return site
}

async function importSitemap(headmark: Headmark, fixture: FixtureSite, pages: number) {
  const site = await benchSite(headmark)
  const id = randomUUID()
  await headmark.db.transaction(async (tx) => {
    await tx.insert(siteImport).values({
      id,
      siteId: site.id,
      organizationId: site.organizationId,
      startedById: null,
      source: {
        kind: 'sitemap',
        origin: fixture.origin,
        sitemapUrl: `${fixture.origin}/sitemap.xml`,
      },
      headSource: 'html',
      pageCap: pages,
    })
    await headmark.imports.enqueue(id, tx)
  })
  const started = performance.now()
  for (;;) {
    const [row] = await headmark.db
      .select({
        state: siteImport.state,
        fetched: siteImport.fetchedCount,
        created: siteImport.createdCount,
      })
      .from(siteImport)
      .where(eq(siteImport.id, id))
    if (row && row.state !== 'queued' && row.state !== 'running') {
      if (row.state !== 'done' || row.created !== pages) {
        throw new Error(
          `The import ended ${row.state} with ${row.created} of ${pages} pages created.`,
        )
      }
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const elapsed = performance.now() - started
  // The database is reused by the next run: its pages would count against nothing, but keep it small.
  await headmark.db.execute(sql`delete from site where id = ${site.id}`)
  return elapsed
}

async function run(headmark: Headmark, pages: number, measure: boolean) {
  const paths = Array.from({ length: pages }, (_, i) => `/b/${i}-${randomBytes(3).toString('hex')}`)
  const fixture = await startFixtureSite({ paths })
  try {
    const plainMs = await plainFetch(fixture, paths)
    fixture.hits.clear()
    // The rate, with nothing else running: forced collections every 80 ms stopped the import
    // for most of its time, and the figure was the meter's, not the import's.
    const importMs = await importSitemap(headmark, fixture, pages)
    const refetched = [...fixture.hits.values()].filter((n) => n > 1).length
    // The memory, in a second import of the same pages into a new site.
    let peak: Peak = { rss: 0, heap: 0 }
    if (measure) {
      const meter = memoryMeter()
      await importSitemap(headmark, fixture, pages)
      peak = meter.stop()
    }
    return { plainMs, importMs, peak, refetched }
  } finally {
    await fixture.close()
  }
}

const env = loadServerEnv({
  NODE_ENV: 'test',
  DATABASE_URL: 'pglite:memory',
  CRAWLER_CONCURRENCY_PER_HOST: String(CONCURRENCY),
  CRAWLER_REQUESTS_PER_SECOND: '1000',
})
const headmark = await createHeadmark(env, { log: () => {} })
try {
  // A warm-up run: the first import pays for the queue, the prepared statements and the JIT.
  await run(headmark, 100, false)
  const smallRun = await run(headmark, BIG / SCALE, true)
  const bigRun = await run(headmark, BIG, true)
  console.log(`Import of a fixture site on loopback (PGlite, ${CONCURRENCY} requests at a time)`)
  console.log(
    `  ${BIG.toLocaleString('en')} pages: import ${rate(BIG, bigRun.importMs)} pages/s (${(bigRun.importMs / 1000).toFixed(1)} s, sitemap, fetch, store, pages created); plain client ${rate(BIG, bigRun.plainMs)} pages/s; ratio ${(bigRun.plainMs / bigRun.importMs).toFixed(2)}`,
  )
  console.log(
    `  ${(BIG / SCALE).toLocaleString('en')} pages: import ${rate(BIG / SCALE, smallRun.importMs)} pages/s; plain client ${rate(BIG / SCALE, smallRun.plainMs)} pages/s`,
  )
  console.log(
    `  memory above the start: ${mib(smallRun.peak.rss)} RSS, ${mib(smallRun.peak.heap)} heap at ${(BIG / SCALE).toLocaleString('en')} pages; ${mib(bigRun.peak.rss)} RSS, ${mib(bigRun.peak.heap)} heap at ${BIG.toLocaleString('en')}`,
  )
  console.log(
    // Below 1 MiB a ratio says nothing (a collection's noise): such peaks count as 1 MiB.
    `  ratio ${BIG.toLocaleString('en')} / ${(BIG / SCALE).toLocaleString('en')}: RSS ${(Math.max(bigRun.peak.rss, MIB) / Math.max(smallRun.peak.rss, MIB)).toFixed(2)}, heap ${(Math.max(bigRun.peak.heap, MIB) / Math.max(smallRun.peak.heap, MIB)).toFixed(2)} (1 = flat, ${SCALE} = grows with the pages; RSS includes PGlite's own memory, which grows with the rows stored)`,
  )
  console.log(`  pages fetched more than once: ${smallRun.refetched + bigRun.refetched}`)
} finally {
  await headmark.close()
  await closeAllDatabases()
}
