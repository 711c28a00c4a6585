// npm run bench:api — the public metadata API against a bare node:http server returning the same
// bytes, measured in the same run (autocannon, 50 connections). Servers run in child processes
// (one core for them, one for autocannon); everything listens on 127.0.0.1 and stops by itself.
//
//   BENCH_DURATION=5 (seconds per measurement)  BENCH_ROUNDS=3 (alternating bare/get-latest rounds)  BENCH_SOAK=60 (seconds, after 10 s of warm-up; 0 skips the soak)
//   BENCH_WIDE=0 skips the 100,000-page site (its working set and the soak)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a database is created and dropped;
//   set it to "none" to skip the PostgreSQL measurements)
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import postgres from 'postgres'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const duration = Number(process.env.BENCH_DURATION ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const soakSeconds = Number(process.env.BENCH_SOAK ?? 60)
const wideOn = process.env.BENCH_WIDE !== '0'
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const CONNECTIONS = 50
const children = new Set()

function start(script, env, flags = []) {
  const child = spawn(process.execPath, [...flags, '--conditions=source', script], {
    cwd: packageRoot,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.add(child)
  child.on('exit', () => children.delete(child))
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const port = /READY (\d+)/.exec(output)?.[1]
      if (port) resolve({ child, origin: `http://127.0.0.1:${port}` })
    })
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)))
  })
}

// --expose-gc: the instance collects garbage before it reports memory, so that the soak's RSS
// compares what is still held, not how far the collector happens to be behind.
const instance = (env) => start('test/public-api-instance.ts', env, ['--expose-gc'])

function raw(origin, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin)
    const req = request(url, { method, headers }, (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function post(origin, path, body) {
  const response = await raw(origin, path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`)
  return JSON.parse(response.body.toString())
}

const target = (dsn, path) =>
  `/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent(path)}`

const pricing = {
  title: 'Pricing',
  description: 'Plans for teams of every size, from a single site to hundreds, billed monthly.',
  openGraph: {
    title: 'Acme pricing',
    type: 'website',
    url: 'https://acme.example/pricing',
    image: {
      url: 'https://acme.example/og/pricing.png',
      width: 1200,
      height: 630,
      mimeType: 'image/png',
      alt: 'Acme plans',
    },
  },
  twitter: { card: 'summary_large_image', title: 'Acme pricing' },
  customTags: [{ name: 'theme-color', content: '#0b5fff' }],
}

// The same page with canonical URL, robots directives, language versions and structured data.
const searchFields = {
  canonical: 'https://acme.example/de/preise',
  robots: { maxImagePreview: 'large', maxSnippet: 160 },
  alternates: {
    en: 'https://acme.example/pricing',
    de: 'https://acme.example/de/preise',
    'x-default': 'https://acme.example/pricing',
  },
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Acme Pro',
      offers: { '@type': 'Offer', price: '49', priceCurrency: 'EUR' },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Start', item: 'https://acme.example/de' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Preise',
          item: 'https://acme.example/de/preise',
        },
      ],
    },
  ],
}

async function seed(origin) {
  const site = await post(origin, '/test/site', { titleTemplate: '%s · Acme' })
  await post(origin, '/test/save', {
    siteId: site.id,
    path: null,
    metadata: {
      title: 'Acme',
      icon: [{ url: '/favicon.png', width: 32, height: 32, mimeType: 'image/png' }],
    },
  })
  await post(origin, '/test/save', { siteId: site.id, path: '/pricing', metadata: pricing })
  await post(origin, '/test/save', {
    siteId: site.id,
    path: '/de/preise',
    metadata: { ...pricing, ...searchFields },
  })
  return site
}

/**
 * A site with locales (en at the root, de under /de) whose /pricing has a set in each, with the
 * newer fields: get-latest with `locale=de` serves the German set over the English one, with the
 * hreflang cluster generated from the site's locales.
 */
async function seedLocales(origin) {
  const site = await post(origin, '/test/site', {
    titleTemplate: '%s · Acme',
    hostname: `acme-${randomBytes(3).toString('hex')}.example`,
  })
  await post(origin, '/test/locales', {
    siteId: site.id,
    locales: {
      defaultLocale: 'en',
      locales: [
        { code: 'en', url: { kind: 'path-prefix', prefix: '' } },
        { code: 'de', url: { kind: 'path-prefix', prefix: '/de' } },
      ],
    },
  })
  await post(origin, '/test/save', { siteId: site.id, path: null, metadata: { title: 'Acme' } })
  const { alternates: _generated, canonical: _canonical, ...newer } = searchFields
  await post(origin, '/test/save', {
    siteId: site.id,
    path: '/pricing',
    metadata: { ...pricing, ...newer },
  })
  await post(origin, '/test/save-locale', {
    siteId: site.id,
    path: '/pricing',
    locale: 'de',
    metadata: {
      title: 'Preise',
      description: 'Tarife für Teams jeder Größe, monatlich abgerechnet.',
      jsonLd: newer.jsonLd,
    },
  })
  return site
}

/** Runs autocannon; request errors are tallied by kind (ECONNRESET, timeout…) to be shown. */
function run(options) {
  const kinds = new Map()
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, kinds }),
    )
    instance.on('reqError', (error) => {
      const kind = error.code ?? error.message
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
    })
  })
}

/** One request per item of `paths`, round-robin across all connections (each one different). */
function rotating(paths) {
  let next = 0
  return [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }]
}

async function cannon(name, origin, options) {
  const result = await run({ url: origin, connections: CONNECTIONS, duration, ...options })
  const row = {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  }
  rows.push(row)
  const kinds = [...result.kinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')
  console.info(
    `  ${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms, errors ${row.errors}${kinds ? ` (${kinds})` : ''}, non-2xx ${row.non2xx}`,
  )
  return row
}

const rows = []
const stats = async (origin) => JSON.parse((await raw(origin, '/test/stats')).body.toString())

async function main() {
  console.info(
    `Public API benchmark: autocannon, ${CONNECTIONS} connections, Node ${process.version}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  )

  // Warm cache on PGlite (the default database), against the bare server. Measured in
  // alternating rounds so that load from elsewhere on the machine falls on both alike.
  const api = await instance({ DATABASE_URL: 'pglite:memory' })
  const site = await seed(api.origin)
  const hot = target(site.dsn, '/pricing')
  const answer = await raw(api.origin, hot)
  if (answer.status !== 200) throw new Error(`get-latest answered ${answer.status}`)
  const headers = []
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i].toLowerCase()
    // Node adds these itself, to both servers.
    if (!['date', 'connection', 'keep-alive'].includes(name))
      headers.push(name, answer.rawHeaders[i + 1])
  }
  console.info(`  answer: ${answer.body.length} bytes of JSON, ${headers.length / 2} headers`)
  const bare = await start('bench/bare-server.mjs', {
    BARE_ANSWER: JSON.stringify({ headers, body: answer.body.toString('base64') }),
  })
  const etag = answer.rawHeaders[answer.rawHeaders.findIndex((h) => h.toLowerCase() === 'etag') + 1]
  const rich = target(site.dsn, '/de/preise')
  console.info(
    `  answer with canonical, robots, language versions and JSON-LD: ${(await raw(api.origin, rich)).body.length} bytes`,
  )
  const localeSite = await seedLocales(api.origin)
  const german = `${target(localeSite.dsn, '/pricing')}&locale=de`
  const germanAnswer = await raw(api.origin, german)
  if (!JSON.parse(germanAnswer.body.toString()).metadata.alternates?.de) {
    throw new Error(`get-latest with locale=de served no cluster: ${germanAnswer.body}`)
  }
  console.info(
    `  answer in a locale (de), newer fields and the generated cluster: ${germanAnswer.body.length} bytes`,
  )
  const runs = {
    bare: [],
    warm: [],
    notModified: [],
    rich: [],
    locale: [],
    coldPlain: [],
    coldLocale: [],
  }
  for (let round = 1; round <= ROUNDS; round++) {
    runs.bare.push(
      await cannon(`bare node:http, same bytes (round ${round})`, bare.origin, {
        requests: [{ path: hot }],
      }),
    )
    runs.warm.push(
      await cannon(`get-latest, warm cache (round ${round})`, api.origin, {
        requests: [{ path: hot }],
      }),
    )
    runs.rich.push(
      await cannon(`get-latest, warm, with the newer fields (round ${round})`, api.origin, {
        requests: [{ path: rich }],
      }),
    )
    runs.locale.push(
      await cannon(
        `get-latest, warm, locale=de with the newer fields (round ${round})`,
        api.origin,
        {
          requests: [{ path: german }],
        },
      ),
    )
    runs.notModified.push(
      await cannon(`get-latest, 304 (round ${round})`, api.origin, {
        requests: [{ path: hot, headers: { 'if-none-match': etag } }],
      }),
    )
  }
  bare.child.kill('SIGTERM')
  api.child.kill('SIGTERM')
  const total = (list) => list.reduce((n, row) => n + row.requests, 0)
  const median = (list, key) =>
    list.map((row) => row[key]).sort((x, y) => x - y)[Math.floor(list.length / 2)]

  // Cold path: the cache disabled, so every request is a miss (one SQL query).
  const coldLite = await instance({ DATABASE_URL: 'pglite:memory', PUBLIC_API_CACHE_ENTRIES: '0' })
  const coldSite = await seed(coldLite.origin)
  const coldPaths = (dsn) => Array.from({ length: 1000 }, (_, i) => target(dsn, `/cold/${i}`))
  await cannon('get-latest, cold (every request a miss), PGlite', coldLite.origin, {
    requests: rotating(coldPaths(coldSite.dsn)),
  })
  // The miss path of one page, without and with the newer fields in a locale (the locale's set,
  // the page's own and the generated cluster), in alternating rounds.
  const coldLocaleSite = await seedLocales(coldLite.origin)
  for (let round = 1; round <= ROUNDS; round++) {
    runs.coldPlain.push(
      await cannon(`get-latest, cold, a page (round ${round}), PGlite`, coldLite.origin, {
        requests: [{ path: target(coldSite.dsn, '/pricing') }],
      }),
    )
    runs.coldLocale.push(
      await cannon(
        `get-latest, cold, a page in locale=de with the newer fields (round ${round}), PGlite`,
        coldLite.origin,
        { requests: [{ path: `${target(coldLocaleSite.dsn, '/pricing')}&locale=de` }] },
      ),
    )
  }
  coldLite.child.kill('SIGTERM')

  let soak = null
  let wide
  const admin = adminUrl === 'none' ? null : postgres(adminUrl, { max: 1, onnotice: () => {} })
  const name = `headmark_bench_${randomBytes(4).toString('hex')}`
  try {
    let databaseUrl = 'pglite:memory'
    if (admin) {
      await admin.unsafe(`create database "${name}"`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      databaseUrl = url.href
      const coldPg = await instance({ DATABASE_URL: databaseUrl, PUBLIC_API_CACHE_ENTRIES: '0' })
      const pgSite = await seed(coldPg.origin)
      await cannon('get-latest, cold (every request a miss), PostgreSQL', coldPg.origin, {
        requests: rotating(coldPaths(pgSite.dsn)),
      })
      await stop(coldPg)
    }
    const label = admin ? 'PostgreSQL' : 'PGlite'

    // A site with 100,000 pages and a working set of 10,000 of its paths (BENCH_WIDE=0 skips it).
    if (wideOn) {
      const server = await instance({ DATABASE_URL: databaseUrl })
      const big = await post(server.origin, '/test/site', {})
      let started = performance.now()
      await post(server.origin, '/test/pages', { siteId: big.id, count: 100_000 })
      console.info(
        `  seeded 100,000 pages (${label}) in ${Math.round(performance.now() - started)} ms`,
      )
      const workingSet = rotating(
        Array.from({ length: 10_000 }, (_, i) =>
          target(big.dsn, `/page/${1 + ((i * 7919) % 100_000)}`),
        ),
      )
      started = performance.now()
      const first = await run({
        url: server.origin,
        connections: CONNECTIONS,
        amount: 10_000,
        timeout: 60,
        requests: workingSet,
      })
      const firstMs = performance.now() - started
      console.info(
        `  first pass over the working set (10,000 misses, ${label}): ${Math.round(firstMs)} ms, ${Math.round(
          (10_000 / firstMs) * 1000,
        )} req/s, p99 ${first.latency.p99} ms, errors ${first.errors + first.timeouts}`,
      )
      wide = await cannon(`100k pages, 10k-path working set, warm (${label})`, server.origin, {
        requests: workingSet,
      })

      // Soak: saturation on the working set; zero errors and RSS growth under 10 %.
      if (soakSeconds > 0) {
        // V8 sizes its heap to the load in the first seconds: RSS is taken after 10 s at saturation.
        await run({
          url: server.origin,
          connections: CONNECTIONS,
          duration: 10,
          requests: workingSet,
        })
        const before = await stats(server.origin)
        const result = await run({
          url: server.origin,
          connections: CONNECTIONS,
          duration: soakSeconds,
          requests: workingSet,
        })
        const after = await stats(server.origin)
        soak = {
          requests: result.requests.total,
          errors: result.errors + result.timeouts + result.non2xx,
          rssBefore: before.rss / 2 ** 20,
          rssAfter: after.rss / 2 ** 20,
          growth: after.rss / before.rss - 1,
        }
        console.info(
          `  soak ${soakSeconds} s (${label}): ${soak.requests} requests (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms), ${soak.errors} errors, RSS ${soak.rssBefore.toFixed(1)} → ${soak.rssAfter.toFixed(1)} MB (${(soak.growth * 100).toFixed(1)} %), ${after.entries} answers cached`,
        )
      }
      await stop(server)
    }
  } finally {
    if (admin) {
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {})
      await admin.end()
    }
  }

  console.info('')
  console.table(rows)
  const ratio = total(runs.warm) / total(runs.bare)
  const p99 = median(runs.warm, 'p99 ms')
  const checks = [
    [
      `get-latest ÷ bare node:http = ${ratio.toFixed(2)} (${Math.round(total(runs.warm) / (ROUNDS * duration))} vs ${Math.round(total(runs.bare) / (ROUNDS * duration))} req/s)`,
      ratio >= 0.8,
      'goal ≥ 0.8',
    ],
    [
      `p99 latency, warm = ${p99} ms (bare node:http: ${median(runs.bare, 'p99 ms')} ms)`,
      p99 <= 10,
      'goal ≤ 10 ms',
    ],
    [
      `get-latest with canonical, robots, language versions and JSON-LD ÷ without = ${(total(runs.rich) / total(runs.warm)).toFixed(2)}`,
      true,
      'reported',
    ],
    [
      `get-latest in a locale (de) with the newer fields and the generated cluster ÷ without, warm = ${(total(runs.locale) / total(runs.warm)).toFixed(2)}`,
      true,
      'reported',
    ],
    [
      `the same, cold (every request a miss, PGlite) = ${(total(runs.coldLocale) / total(runs.coldPlain)).toFixed(2)} (${Math.round(total(runs.coldLocale) / (ROUNDS * duration))} vs ${Math.round(total(runs.coldPlain) / (ROUNDS * duration))} req/s)`,
      true,
      'reported',
    ],
    [
      `304 ÷ bare node:http = ${(total(runs.notModified) / total(runs.bare)).toFixed(2)}`,
      true,
      'reported',
    ],
    [
      `errors across all measurements = ${rows.reduce((n, row) => n + row.errors, 0)}`,
      rows.every((row) => row.errors === 0),
      'zero',
    ],
  ]
  if (wide)
    checks.push([
      `working set, warm: ${wide['req/s']} req/s, p99 ${wide['p99 ms']} ms`,
      true,
      'reported',
    ])
  if (soak) {
    checks.push([
      `soak: ${soak.errors} errors in ${soak.requests} requests`,
      soak.errors === 0,
      'zero',
    ])
    checks.push([
      `soak: RSS growth ${(soak.growth * 100).toFixed(1)} %`,
      soak.growth < 0.1,
      'goal < 10 %',
    ])
  }
  for (const [text, ok, goal] of checks) console.info(`${ok ? '✓' : '✗'} ${text} (${goal})`)
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1
}

async function stop(server) {
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
}

try {
  await main()
} finally {
  for (const child of children) child.kill('SIGKILL')
}
