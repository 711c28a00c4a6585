// Benchmark of CSV round trips: the export of a site of 100,000 pages and the import dry run of
// 10,000 rows, in rows per second, with the peak memory of each. Both stream, so the peak memory
// of the large run is compared with the same run at a tenth of the size, measured in the same
// process: a ratio near 1 is flat (the goal), near 10 would mean the whole file is in memory.
//
//   npm run bench:transfer -w @headmark/api                        PGlite (in memory)
//   BENCH_SIZE=small npm run bench:transfer -w @headmark/api       a quick smoke run (10× smaller)
//   BENCH_DATABASE_URL=postgres://… npm run bench:transfer -w @headmark/api   PostgreSQL instead
//
// On PostgreSQL a database of its own is created and dropped afterwards. Memory is sampled with
// process.memoryUsage() at every chunk; with PGlite the database lives in the same process, so RSS
// includes its own cache: the heap figures are the importer's and exporter's own.
import { randomBytes, randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { closeAllDatabases, connectDatabase, type Database } from '../src/db/client.ts'
import { loadServerEnv } from '../src/env.ts'
import { exportSite } from '../src/transfer/export.ts'
import { planImport } from '../src/transfer/import.ts'

const small = process.env.BENCH_SIZE === 'small'
const EXPORT_BIG = small ? 10_000 : 100_000
const IMPORT_BIG = small ? 1_000 : 10_000
const SCALE = 10

interface Peak {
  rss: number
  /** The live heap: measured after a full garbage collection, every few chunks. */
  heap: number
}

/**
 * Samples memory above the level when it started: `sample()` at each chunk (and every 5 ms
 * while the loop is free), `stop()` for the peaks. Every 4th sample first collects garbage
 * (node --expose-gc), so the heap figure is what is still held, not garbage not yet collected.
 */
function memoryMeter() {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const start = process.memoryUsage()
  const peak: Peak = { rss: 0, heap: 0 }
  let count = 0
  const sample = () => {
    count += 1
    const collect = gc !== undefined && count % 4 === 0
    if (collect) gc()
    const now = process.memoryUsage()
    peak.rss = Math.max(peak.rss, now.rss - start.rss)
    if (collect || gc === undefined) peak.heap = Math.max(peak.heap, now.heapUsed - start.heapUsed)
  }
  const timer = setInterval(sample, 5)
  return {
    sample,
    stop(): Peak {
      clearInterval(timer)
      gc?.()
      count = 3
      sample()
      return peak
    },
  }
}

/** A meter that measures nothing: the timed runs are not slowed by sampling and collections. */
const noMeter = { sample: () => {}, stop: (): Peak => ({ rss: 0, heap: 0 }) }
const meterFor = (measure: boolean) => (measure ? memoryMeter() : noMeter)

const mib = (bytes: number) => `${(Math.max(bytes, 0) / 1024 / 1024).toFixed(1)} MiB`

async function seedSite(db: Database, pages: number, tag: string): Promise<string> {
  const organizationId = randomUUID()
  const siteId = randomUUID()
  await db.execute(
    sql`insert into organization (id, name, slug) values (${organizationId}, 'Bench', ${`bench-${tag}`})`,
  )
  await db.execute(sql`
    insert into site (id, organization_id, name, hostname, dsn)
    values (${siteId}, ${organizationId}, 'Bench', ${`${tag}.example`}, ${randomUUID()})`)
  // Multi-row inserts from generate_series: pages, one revision each for two pages in three.
  await db.execute(sql`
    insert into page (id, site_id, path)
    select ${tag} || '-' || g, ${siteId}, '/docs/' || lpad(g::text, 6, '0')
    from generate_series(1, ${pages}) as g`)
  await db.execute(sql`
    insert into metadata_revision (id, page_id, number, metadata, source)
    select ${tag} || '-r' || g, ${tag} || '-' || g, 1,
           jsonb_build_object(
             'title', 'Page ' || g || ', a title of ordinary length',
             'description', repeat('A description of the page, ', 5),
             'openGraph', jsonb_build_object(
               'image', jsonb_build_object('url', 'https://img.example/' || g || '.png',
                 'width', 1200, 'height', 630, 'mimeType', 'image/png'))),
           'import'
    from generate_series(1, ${pages}) as g where g % 3 <> 0`)
  await db.execute(sql`
    update page set current_revision_id = ${tag} || '-r' || substr(id, length(${tag}) + 2)
    where site_id = ${siteId} and (substr(id, length(${tag}) + 2))::int % 3 <> 0`)
  await db.execute(sql`analyze`)
  return siteId
}

async function timeExport(db: Database, siteId: string, measure: boolean) {
  const meter = meterFor(measure)
  const started = performance.now()
  let bytes = 0
  for await (const chunk of exportSite(db, { siteId, format: 'csv' })) {
    bytes += chunk.length
    meter.sample()
  }
  const seconds = (performance.now() - started) / 1000
  return { seconds, bytes, peak: meter.stop() }
}

/** A CSV of `rows` rows as a stream, produced as it is read: half change a title, half create. */
function csvStream(rows: number, onChunk: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let next = 1
  let header = true
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      onChunk()
      if (next > rows) {
        controller.close()
        return
      }
      const lines: string[] = header ? ['path,title,description,canonical'] : []
      header = false
      for (let end = Math.min(rows, next + 499); next <= end; next++) {
        const path = next % 2 ? `/docs/${String(next).padStart(6, '0')}` : `/new/${next}`
        lines.push(`${path},"Title ${next}, edited",A new description,https://acme.example/${next}`)
      }
      controller.enqueue(encoder.encode(`${lines.join('\n')}\n`))
    },
  })
}

async function timeImport(db: Database, siteId: string, rows: number, measure: boolean) {
  const meter = meterFor(measure)
  const started = performance.now()
  const plan = await planImport(db, {
    siteId,
    format: 'csv',
    body: csvStream(rows, meter.sample),
    createMissing: true,
  })
  const seconds = (performance.now() - started) / 1000
  if (plan.errorCount > 0 || plan.rows !== rows) {
    throw new Error(`The import plan is wrong: ${JSON.stringify(plan.errors.slice(0, 3))}`)
  }
  return { seconds, peak: meter.stop(), edits: plan.edits.length }
}

/** Export of an export: the file read back as it is written, every row unchanged (no edits kept). */
async function timeRoundTrip(db: Database, siteId: string, measure: boolean) {
  const meter = meterFor(measure)
  const started = performance.now()
  const chunks = exportSite(db, { siteId, format: 'csv' })
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      meter.sample()
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
  })
  const plan = await planImport(db, { siteId, format: 'csv', body, createMissing: false })
  const seconds = (performance.now() - started) / 1000
  if (plan.errorCount > 0 || plan.changeCount > 0) throw new Error('The round trip changed pages.')
  return { seconds, peak: meter.stop(), rows: plan.rows }
}

async function benchmark(label: string, databaseUrl: string) {
  const env = loadServerEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_URL: 'http://127.0.0.1:3999',
  })
  const connection = await connectDatabase(env.database)
  await connection.migrate(env.MIGRATIONS_FOLDER)
  const { db } = connection
  try {
    const started = performance.now()
    const big = await seedSite(db, EXPORT_BIG, 'big')
    const little = await seedSite(db, EXPORT_BIG / SCALE, 'little')
    console.log(
      `[${label}] seeded ${EXPORT_BIG.toLocaleString('en')} + ${(EXPORT_BIG / SCALE).toLocaleString('en')} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )

    // Warm-up: the first query plans and caches. Each case runs twice: timed without sampling,
    // then again with the memory meter (whose garbage collections would slow the timing).
    await timeExport(db, little, false)
    const twice = async <T extends { seconds: number; peak: Peak }>(
      run: (measure: boolean) => Promise<T>,
    ): Promise<T> => {
      const timed = await run(false)
      const measured = await run(true)
      return { ...timed, peak: measured.peak }
    }
    const exportSmall = await twice((m) => timeExport(db, little, m))
    const exportBig = await twice((m) => timeExport(db, big, m))
    const importSmall = await twice((m) => timeImport(db, little, IMPORT_BIG / SCALE, m))
    const importBig = await twice((m) => timeImport(db, big, IMPORT_BIG, m))
    const tripSmall = await twice((m) => timeRoundTrip(db, little, m))
    const tripBig = await twice((m) => timeRoundTrip(db, big, m))

    const rate = (rows: number, seconds: number) =>
      `${Math.round(rows / seconds).toLocaleString('en')} rows/s`
    // Below 1 MiB, differences are noise: both sides are counted as at least 1 MiB.
    const floor = (bytes: number) => Math.max(bytes, 1024 * 1024)
    const ratio = (a: Peak, b: Peak) =>
      `heap ${(floor(a.heap) / floor(b.heap)).toFixed(2)}×, RSS ${(floor(a.rss) / floor(b.rss)).toFixed(2)}×`
    const lines = [
      `export CSV, ${EXPORT_BIG.toLocaleString('en')} pages: ${rate(EXPORT_BIG, exportBig.seconds)} (${exportBig.seconds.toFixed(2)} s, ${mib(exportBig.bytes)}); peak heap ${mib(exportBig.peak.heap)}, RSS +${mib(exportBig.peak.rss)}`,
      `export CSV, ${(EXPORT_BIG / SCALE).toLocaleString('en')} pages: ${rate(EXPORT_BIG / SCALE, exportSmall.seconds)}; peak heap ${mib(exportSmall.peak.heap)}, RSS +${mib(exportSmall.peak.rss)}`,
      `  export peak memory ${SCALE}× the pages: ${ratio(exportBig.peak, exportSmall.peak)} (flat ≈ 1)`,
      `import dry run, ${IMPORT_BIG.toLocaleString('en')} rows (all change or create): ${rate(IMPORT_BIG, importBig.seconds)} (${importBig.seconds.toFixed(2)} s); peak heap ${mib(importBig.peak.heap)}, RSS +${mib(importBig.peak.rss)}`,
      `import dry run, ${(IMPORT_BIG / SCALE).toLocaleString('en')} rows: ${rate(IMPORT_BIG / SCALE, importSmall.seconds)}; peak heap ${mib(importSmall.peak.heap)}`,
      `  import peak memory ${SCALE}× the rows: ${ratio(importBig.peak, importSmall.peak)} (grows with the planned edits, which the plan holds)`,
      `round trip (export read back, nothing changes), ${tripBig.rows.toLocaleString('en')} rows: ${rate(tripBig.rows, tripBig.seconds)}; peak heap ${mib(tripBig.peak.heap)}, RSS +${mib(tripBig.peak.rss)}`,
      `round trip, ${tripSmall.rows.toLocaleString('en')} rows: ${rate(tripSmall.rows, tripSmall.seconds)}; peak heap ${mib(tripSmall.peak.heap)}`,
      `  round-trip peak memory ${SCALE}× the rows: ${ratio(tripBig.peak, tripSmall.peak)} (flat ≈ 1)`,
    ]
    for (const line of lines) console.log(`[${label}] ${line}`)
  } finally {
    await connection.close()
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL
if (postgresUrl) {
  const name = `headmark_bench_transfer_${randomBytes(4).toString('hex')}`
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  try {
    await benchmark('postgres', url.href)
  } finally {
    await closeAllDatabases()
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
} else {
  await benchmark('pglite', 'pglite:memory')
  await closeAllDatabases()
}
