// Benchmark of path rules on the public API: a site with 50 path rules against the same site
// without rules, measured in the same run, rounds alternating (autocannon, 50 connections, one
// in-process server on 127.0.0.1, in-memory PGlite). Two measurements:
//
// - warm: answers from the cache, rotating over 200 paths (the rules were applied when each
//   answer was built, so the goal is no cost at all: ratio ≥ 0.95);
// - cold: the cache disabled, so every request is a lookup plus the rules' matching and merge
//   (the rules are kept with the site's state; this shows what matching 50 patterns costs).
//
//   node --conditions=source bench/path-rules.ts     BENCH_DURATION=5  BENCH_ROUNDS=3
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import { closeAllDatabases } from '../src/db/client.ts'
import { eq } from 'drizzle-orm'
import { pathRule, pathRuleRevision } from '../src/db/schema.ts'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark } from '../src/headmark.ts'
import { createPublicApi, type PublicApi } from '../src/public-api/handler.ts'
import { createFixtureSite, saveFixtureRevision } from '../test/public-api-fixtures.ts'

const duration = Number(process.env.BENCH_DURATION ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const RULES = 50
const PATHS = 200
const GOAL = 0.95

const headmark = await createHeadmark(
  loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: 'pglite:memory' }),
  { log: () => {} },
)
const { db, events } = headmark

async function seedSite(withRules: boolean) {
  const site = await createFixtureSite(db, { titleTemplate: '%s · Acme' })
  await saveFixtureRevision(db, site.id, null, {
    title: 'Acme',
    description: 'Tools for everyone',
    openGraph: { siteName: 'Acme', type: 'website' },
  })
  for (let i = 0; i < PATHS; i += 4) {
    await saveFixtureRevision(db, site.id, `/blog/${i % 10}/post-${i}`, {
      title: `Post ${i}`,
      openGraph: { title: `Post ${i}` },
    })
  }
  if (withRules) {
    // 50 rules: 10 sections × (`/blog/n/*`, `/blog/n/**`, `/blog/n/post-0`) + 20 elsewhere.
    const patterns = [
      ...Array.from({ length: 10 }, (_, n) => [
        `/blog/${n}/*`,
        `/blog/${n}/**`,
        `/blog/${n}/post-0`,
      ]).flat(),
      ...Array.from({ length: RULES - 31 }, (_, n) => `/docs/${n}/**`),
      '/**',
    ]
    for (const [index, pattern] of patterns.entries()) {
      const ruleId = randomUUID()
      const revisionId = randomUUID()
      await db.insert(pathRule).values({ id: ruleId, siteId: site.id, pattern })
      await db.insert(pathRuleRevision).values({
        id: revisionId,
        ruleId,
        number: 1,
        metadata: {
          description: `Rule ${index} for ${pattern}`,
          robots: { maxSnippet: 160 },
          customTags: [{ name: 'section', content: pattern }],
        },
        titleTemplate: index % 3 === 0 ? '%s — Acme blog' : null,
        source: 'editor',
      })
      await db
        .update(pathRule)
        .set({ currentRevisionId: revisionId })
        .where(eq(pathRule.id, ruleId))
    }
  }
  return site
}

async function listen(api: PublicApi): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (!api.handle(req, res)) {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const plain = await seedSite(false)
const ruled = await seedSite(true)
const warmApi = createPublicApi({ db, events })
const coldApi = createPublicApi({ db, events, maxEntries: 0 })
const warm = await listen(warmApi)
const cold = await listen(coldApi)

const pathsOf = (dsn: string) =>
  Array.from(
    { length: PATHS },
    (_, i) =>
      `/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent(`/blog/${i % 10}/post-${i}`)}`,
  )

async function measure(origin: string, dsn: string): Promise<number> {
  const paths = pathsOf(dsn)
  let next = 0
  const result = (await autocannon({
    url: origin,
    connections: 50,
    duration,
    requests: [{ setupRequest: (req: object) => ({ ...req, path: paths[next++ % paths.length] }) }],
  } as never)) as { requests: { average: number }; non2xx: number; errors: number }
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors`)
  }
  return result.requests.average
}

// The served answers differ: the rules are applied.
const sample = await fetch(`${warm.origin}${pathsOf(ruled.dsn)[4]}`).then((r) => r.json())
console.log('A ruled answer:', JSON.stringify(sample))

const totals = { warm: { plain: 0, ruled: 0 }, cold: { plain: 0, ruled: 0 } }
for (const kind of ['warm', 'cold'] as const) {
  const origin = kind === 'warm' ? warm.origin : cold.origin
  // Warm-up: every answer cached (warm) and the sites' states loaded.
  await measure(origin, plain.dsn)
  await measure(origin, ruled.dsn)
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['plain', 'ruled'] as const) : (['ruled', 'plain'] as const)
    for (const which of order) {
      totals[kind][which] += await measure(origin, which === 'plain' ? plain.dsn : ruled.dsn)
    }
  }
}

const rows = (['warm', 'cold'] as const).map((kind) => ({
  measurement: kind,
  'no rules req/s': Math.round(totals[kind].plain / ROUNDS),
  '50 rules req/s': Math.round(totals[kind].ruled / ROUNDS),
  ratio: Number((totals[kind].ruled / totals[kind].plain).toFixed(3)),
}))
console.table(rows)
console.log(
  `Rule reads: warm ${warmApi.stats.ruleLoads}, cold ${coldApi.stats.ruleLoads}; lookups: warm ${warmApi.stats.lookups}, cold ${coldApi.stats.lookups}`,
)
const ratio = rows[0]?.ratio ?? 0
console.log(
  `Warm throughput with 50 path rules ÷ without: ${ratio} (goal ≥ ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`,
)

for (const { server } of [warm, cold]) {
  server.closeAllConnections()
  server.close()
}
await warmApi.close()
await coldApi.close()
await headmark.close()
await closeAllDatabases()
