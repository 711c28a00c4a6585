// Audits the production build with Lighthouse (Debian's Chromium) and measures the JavaScript
// the pages load. Prints figures; asserts nothing (the machine is shared, scores vary).
// Usage: npm run build -w @headmark/app && npm run lighthouse -w @headmark/app
// (or after `npm run build:e2e`, with analytics and chat switched on; LIGHTHOUSE_RUNS=5 for more runs)
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { E2E_FIXTURES_ORIGIN, startFixturesServer } from '../e2e/fixtures-server.ts'
import { DEV_MAILBOX_KEY, startAppServer } from '../e2e/server.ts'

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const PAGES = ['/', '/pricing']
/** Lighthouse runs per page (LIGHTHOUSE_RUNS, default 3); the median of each score is printed. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * JS requested before the page answers clicks and keys (usable: requests started before
 * `<html data-hydrated>`, what e2e/client-bundle.spec.ts holds to 200 KB on signed-in screens),
 * then until the network is quiet (initial: usable plus what loads right after it, such as form
 * schemas and the account screen's auth client), and after that (deferred: analytics and chat,
 * at the first interaction or a few seconds later), gzipped.
 */
async function measureJs(page, url) {
  const bodies = new Map()
  let loaded = false
  const sizes = { usable: 0, initial: 0, deferred: 0, files: 0 }
  const initialSizes = new Map()
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated === undefined) return
      window.hydratedAt = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  })
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('javascript') || bodies.has(response.url())) return
    const phase = loaded ? 'deferred' : 'initial'
    bodies.set(response.url(), phase)
    try {
      const size = gzipSync(await response.body()).length
      sizes[phase] += size
      if (phase === 'initial') {
        sizes.files += 1
        initialSizes.set(response.url(), size)
      }
      if (process.env.LIGHTHOUSE_JS_FILES)
        console.log(
          `      ${phase.padEnd(8)} ${kb(size).padStart(9)}  ${new URL(response.url()).pathname}`,
        )
    } catch {
      // a redirect or an aborted request has no body
    }
  })
  await page.goto(url, { waitUntil: 'load' })
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  loaded = true
  const beforeUsable = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= (window.hydratedAt ?? Infinity))
      .map((entry) => entry.name),
  )
  for (const [file, size] of initialSizes) if (beforeUsable.includes(file)) sizes.usable += size
  await page.waitForTimeout(1000)
  return sizes
}

// With the build of `npm run build:e2e`, analytics and chat load from the local fixtures server,
// as they would from their providers in a deployment that enables them.
const fixtures = await startFixturesServer().catch(() => null)
const server = await startAppServer({ VITE_ANALYTICS_HOST: `${E2E_FIXTURES_ORIGIN}/capture` })
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  // A signed-in person with an organization, a site and a page: the screens Lighthouse and the
  // JavaScript measure see signed in.
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = `lighthouse-${Date.now()}@example.com`
  await page.goto(new URL('/get-started', server.baseURL).href)
  await page.getByRole('tab', { name: 'Sign up' }).click()
  await page.getByLabel('Name').fill('Measure Me')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByText('Check your inbox').waitFor()
  await page.goto(new URL(`/dev/mailbox?key=${DEV_MAILBOX_KEY}`, server.baseURL).href)
  const link = await page
    .getByRole('listitem')
    .filter({ hasText: email })
    .first()
    .locator('a[href*="verify-email"]')
    .getAttribute('href')
  await page.goto(link)
  await page.waitForURL(/\/app\//)
  // The screens of an organization with a site and a page, each opened afresh (empty cache).
  const slug = `measure-${Date.now().toString(36)}`
  const call = (path, input) =>
    page.request.post(new URL(`/api/rpc/${path}`, server.baseURL).href, {
      data: { json: input },
      headers: { origin: server.baseURL },
    })
  await call('organizations/create', { name: 'Measure', slug })
  await call('billing/subscribe', { organizationSlug: slug, planId: 'business' })
  await call('sites/create', {
    organizationSlug: slug,
    name: 'Measure',
    hostname: 'measure.example',
  })
  await call('pages/create', {
    organizationSlug: slug,
    siteHostname: 'measure.example',
    path: '/pricing',
  })
  const site = `/app/organizations/${slug}/sites/measure.example`
  const signedIn = [`/app/organizations/${slug}`, `${site}/page?path=%2Fpricing`, `${site}/bulk`]
  const shown = (path) => path.replace(slug, '<org>')
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  // Signed-in screens are audited with the session: its cookies go into the audited browser's
  // own cookie store (Lighthouse keeps cookies between runs). A Cookie header in `extraHeaders`
  // does not reach the server, which answered every signed-in screen with a redirect to
  // /get-started: those audits measured the sign-in page.
  const audited = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    console.log(
      `Lighthouse (mobile emulation, simulated throttling), ${RUNS} runs per page, median of each category`,
    )
    for (const path of [...PAGES, ...signedIn]) {
      if (path === signedIn[0]) await audited.contexts()[0].addCookies(await context.cookies())
      const runs = []
      // A run Lighthouse could not finish (a page that did not paint in time on a busy machine)
      // is reported and run again, at most twice per page.
      for (let run = 0, retries = 0; run < RUNS;) {
        const result = await lighthouse(new URL(path, server.baseURL).href, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        if (result.lhr.runtimeError && retries < 2) {
          console.log(
            `  ${shown(path)}: run failed (${result.lhr.runtimeError.code}), running it again`,
          )
          retries += 1
          continue
        }
        const landed = new URL(result.lhr.finalDisplayedUrl)
        if (`${landed.pathname}${landed.search}` !== path)
          console.log(`  ${shown(path)}: the audit landed on ${landed.pathname}, not the screen`)
        runs.push(result.lhr)
        run += 1
      }
      const score = (lhr, key) => Math.round((lhr.categories[key]?.score ?? 0) * 100)
      const median = (key) => {
        const scores = runs.map((lhr) => score(lhr, key)).sort((a, b) => a - b)
        return scores[Math.floor(scores.length / 2)]
      }
      console.log(
        `  ${shown(path).padEnd(9)} performance ${median('performance')}, accessibility ${median('accessibility')}, best practices ${median('best-practices')}, SEO ${median('seo')}  (performance per run: ${runs.map((lhr) => score(lhr, 'performance')).join(', ')})`,
      )
      // The audits that cost points, from the run with the median performance score.
      const typical = runs.find((lhr) => score(lhr, 'performance') === median('performance'))
      const { categories, audits } = typical
      if (process.env.LIGHTHOUSE_JSON_DIR)
        runs.forEach((lhr, i) =>
          writeFileSync(
            join(
              process.env.LIGHTHOUSE_JSON_DIR,
              `${shown(path).replace(/\W+/g, '_') || 'home'}-${i + 1}.json`,
            ),
            JSON.stringify(lhr),
          ),
        )
      for (const key of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'speed-index',
      ]) {
        if (audits[key]) console.log(`      ${audits[key].title}: ${audits[key].displayValue}`)
      }
      // The element Lighthouse took for the largest contentful paint, per run.
      for (const lhr of runs) {
        const element = lhr.audits['lcp-breakdown-insight']?.details?.items?.find(
          (item) => item.type === 'node',
        )
        console.log(
          `      run: FCP ${lhr.audits['first-contentful-paint'].displayValue}, LCP ${lhr.audits['largest-contentful-paint'].displayValue} (${element?.selector ?? 'element unknown'}), TBT ${lhr.audits['total-blocking-time'].displayValue}`,
        )
      }
      // Where the main thread's time went (JavaScript evaluation by script), when it costs points.
      if ((audits['total-blocking-time']?.score ?? 1) < 0.9)
        for (const item of (audits['bootup-time']?.details?.items ?? []).slice(0, 5))
          console.log(
            `      script time ${Math.round(item.total)} ms (evaluation ${Math.round(item.scripting)} ms): ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}`,
          )
      for (const [key, category] of Object.entries(categories)) {
        for (const ref of category.auditRefs) {
          const audit = audits[ref.id]
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.log(`      ${key}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`)
            if (audit.id === 'errors-in-console')
              for (const item of audit.details?.items ?? [])
                console.log(`        ${item.source}: ${String(item.description).slice(0, 160)}`)
            if (audit.id === 'inspector-issues')
              for (const item of audit.details?.items ?? [])
                for (const sub of item.subItems?.items ?? [])
                  console.log(`        ${item.issueType}: ${JSON.stringify(sub).slice(0, 200)}`)
          }
        }
      }
    }
  } finally {
    chrome.kill()
  }

  console.log(
    'JavaScript, gzipped (usable: before the page answers clicks and keys; initial: until the network is quiet; deferred: analytics, chat…)',
  )
  const home = await measureJs(await browser.newPage(), new URL('/', server.baseURL).href)
  console.log(
    `  /            usable ${kb(home.usable)}, initial ${kb(home.initial)} in ${home.files} files, deferred ${kb(home.deferred)}`,
  )

  // A new user's dashboard: /app/organizations, which offers to create the first organization.
  const dashboard = await measureJs(
    await context.newPage(),
    new URL('/app/organizations', server.baseURL).href,
  )
  console.log(
    `  /app/organizations usable ${kb(dashboard.usable)}, initial ${kb(dashboard.initial)} in ${dashboard.files} files, deferred ${kb(dashboard.deferred)}`,
  )
  const state = await context.storageState()
  for (const path of [
    `/app/organizations/${slug}`,
    site,
    `${site}/page?path=%2Fpricing`,
    `${site}/bulk`,
    '/app/account',
  ]) {
    const fresh = await browser.newContext({ storageState: state })
    const sizes = await measureJs(await fresh.newPage(), new URL(path, server.baseURL).href)
    console.log(
      `  ${path.replace(slug, '<org>')} usable ${kb(sizes.usable)}, initial ${kb(sizes.initial)} in ${sizes.files} files, deferred ${kb(sizes.deferred)}`,
    )
    await fresh.close()
  }
} finally {
  await browser.close()
  await server.stop()
  fixtures?.close()
}
