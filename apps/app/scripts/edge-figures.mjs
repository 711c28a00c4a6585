// Measures the server edge against the production build on 127.0.0.1 and prints the figures:
//   1. a brute-force run on sign-in (30 wrong passwords, each with another X-Forwarded-For);
//   2. the server's memory around a 300 MB anonymous POST, with the body limit and with it lifted
//      (the behaviour before the limit existed);
//   3. Lighthouse's performance for / with and without compression (a proxy strips
//      Accept-Encoding for the "without" run).
// Run after `npm run build -w @headmark/app`: node apps/app/scripts/edge-figures.mjs
// Lighthouse is fetched by npx (not a dependency); it needs Chromium (CHROME_PATH).
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const LIGHTHOUSE = 'lighthouse@13.5.0'

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** The development mailbox's key on the servers this script starts. */
const DEV_MAILBOX_KEY = 'edge-figures-mailbox-key'

async function startServer(extraEnv = {}) {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite:memory',
      BETTER_AUTH_URL: origin,
      DEV_MAILBOX_KEY,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 60_000
  while (!output.includes('listening')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  return { origin, port, pid: child.pid, stop }
}

function memoryKiB(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN)
}

async function post(origin, path, body, headers = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, text: await response.text() }
}

async function bruteForce() {
  const server = await startServer()
  try {
    const email = 'ada@example.com'
    const password = 'correct horse battery staple'
    await post(server.origin, '/api/auth/sign-up/email', { name: 'Ada', email, password })
    const mailbox = await (
      await fetch(`${server.origin}/dev/mailbox?key=${DEV_MAILBOX_KEY}`)
    ).text()
    const link = /href="([^"]*verify-email[^"]*)"/.exec(mailbox)?.[1]?.replaceAll('&amp;', '&')
    if (!link) throw new Error('no verification link in the mailbox')
    await fetch(link, { redirect: 'manual' })
    const counts = {}
    for (let i = 0; i < 30; i++) {
      const { status } = await post(
        server.origin,
        '/api/auth/sign-in/email',
        { email, password: `wrong ${i}` },
        { 'x-forwarded-for': `203.0.113.${i}` },
      )
      counts[status] = (counts[status] ?? 0) + 1
    }
    const right = await post(server.origin, '/api/auth/sign-in/email', { email, password })
    console.log(
      `brute force: 30 wrong passwords, each with another X-Forwarded-For → ${Object.entries(counts)
        .map(([status, n]) => `${n}×${status}`)
        .join(
          ', ',
        )}; the right password right after → ${right.status} (${JSON.parse(right.text).message ?? 'signed in'})`,
    )
  } finally {
    await server.stop()
  }
}

/** Streams `megabytes` of JSON-ish bytes to the server without Content-Length. */
function streamBody(server, megabytes) {
  return new Promise((resolve) => {
    const started = performance.now()
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/rpc/auth/getSession',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }))
      },
    )
    req.on('error', () => resolve({ status: 'connection closed', ms: performance.now() - started }))
    const chunk = Buffer.alloc(1024 * 1024, 'x')
    let sent = 0
    const pump = () => {
      while (sent < megabytes) {
        sent++
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      req.end()
    }
    req.write('{"json":"')
    pump()
  })
}

async function bigBody() {
  for (const [label, env] of [
    ['limit 1 MiB (default)', {}],
    ['limit lifted (as before)', { MAX_BODY_BYTES: String(2 ** 30) }],
  ]) {
    const server = await startServer(env)
    try {
      // Let start-up settle, then reset the peak ("5" to clear_refs) so it covers this request only.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
      const before = memoryKiB(server.pid, 'VmRSS')
      const result = await streamBody(server, 300)
      const peak = memoryKiB(server.pid, 'VmHWM')
      console.log(
        `300 MB POST, ${label}: ${result.status} after ${Math.round(result.ms)} ms; resident memory ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB (+${Math.round((peak - before) / 1024)} MB)`,
      )
    } finally {
      await server.stop()
    }
  }
}

/** A proxy that asks the server for uncompressed answers: the site as it was before. */
async function identityProxy(target) {
  const port = await freePort()
  const proxy = http.createServer((req, res) => {
    const headers = { ...req.headers, 'accept-encoding': 'identity', host: `localhost:${target}` }
    const upstream = http.request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  await new Promise((resolve) => proxy.listen(port, '127.0.0.1', resolve))
  return { origin: `http://localhost:${port}`, close: () => proxy.close() }
}

/** Runs Lighthouse in a child process (asynchronously: the proxy lives in this process). */
async function lighthouse(url) {
  const run = await new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--only-categories=performance',
        '--output=json',
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('exit', (status) => resolve({ status, stdout, stderr }))
  })
  if (run.status !== 0) throw new Error(`lighthouse failed: ${run.stderr}`)
  const report = JSON.parse(run.stdout)
  const audits = report.audits
  const bytes = audits['total-byte-weight']?.numericValue ?? Number.NaN
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: (audits['largest-contentful-paint'].numericValue / 1000).toFixed(1),
    fcp: (audits['first-contentful-paint'].numericValue / 1000).toFixed(1),
    kb: Math.round(bytes / 1024),
  }
}

async function compression() {
  const server = await startServer()
  // The proxy's origin differs from BETTER_AUTH_URL, which only matters for writes; / reads.
  const proxy = await identityProxy(server.port)
  try {
    const html = await (await fetch(`${server.origin}/`)).text()
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    const sizes = {}
    for (const encoding of ['identity', 'gzip', 'br']) {
      const response = await fetch(`${server.origin}${script}`, {
        headers: { 'accept-encoding': encoding },
      })
      sizes[encoding] = Number(response.headers.get('content-length'))
    }
    console.log(
      `main bundle ${script}: ${Math.round(sizes.identity / 1024)} KB raw, ${Math.round(sizes.gzip / 1024)} KB gzip, ${Math.round(sizes.br / 1024)} KB brotli`,
    )
    const without = await lighthouse(`${proxy.origin}/`)
    const withCompression = await lighthouse(`${server.origin}/`)
    for (const [label, r] of [
      ['without compression', without],
      ['with compression', withCompression],
    ]) {
      console.log(
        `Lighthouse /, ${label}: performance ${r.score}, LCP ${r.lcp} s, FCP ${r.fcp} s, ${r.kb} KB transferred`,
      )
    }
  } finally {
    proxy.close()
    await server.stop()
  }
}

const only = process.argv.slice(2)
if (only.length === 0 || only.includes('brute-force')) await bruteForce()
if (only.length === 0 || only.includes('body')) await bigBody()
if (only.length === 0 || only.includes('lighthouse')) await compression()
