// The bulk table on a large site in Chromium: time to the first grid row painted, and time from
// typing a path prefix filter to the rows answering it, on a 100,000-page site and, in the same
// run, a 100-page site (the baseline). Five runs of each, interleaved; prints the medians and the
// ratios. `BENCH_SIZE=small` compares 1,000 pages with 100 (a smoke run).
//
//   npm run build -w @headmark/app   (or build:e2e)
//   npm run bench:bulk-table -w @headmark/app
//
// The production server (server.mjs, the last build) runs on a free port with an in-memory
// database; an account, an organization on the Business plan (no page limit) and the two sites
// are made over the dashboard's own endpoints, the pages by `transfer.import` in chunks under the
// server's 1 MiB body limit.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../../../config/browser-tests.ts'
import { appRoot, DEV_MAILBOX_KEY, startAppServer } from '../e2e/server.ts'

const RUNS = 5
const CHUNK = 8_000
const LARGE = process.env.BENCH_SIZE === 'small' ? 1_000 : 100_000
const SMALL = 100
const PASSWORD = 'correct horse battery staple'
/** Matches /p/000050 … /p/000059 on both sites, and not the first rows either starts with. */
const FILTER = '/p/00005'
const FIRST_ROW = '[role="row"][aria-rowindex="2"]'

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

class BenchStop extends Error {}

async function rpc<T>(page: Page, baseURL: string, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${baseURL}/api/rpc/${path}`, {
    data: { json: input },
    headers: { origin: baseURL },
    timeout: 300_000,
  })
  const body = (await response.json()) as { json: T }
  if (!response.ok())
    throw new Error(`${path} answered ${response.status()}: ${JSON.stringify(body)}`)
  return body.json
}

/** Signs up through the sign-up form and confirms the address through the development mailbox. */
async function signUp(page: Page, baseURL: string): Promise<void> {
  const email = `bench-${Date.now().toString(36)}@example.com`
  await page.goto(`${baseURL}/get-started`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.getByRole('tab', { name: 'Sign up' }).click()
  await page.getByLabel('Name').fill('Bench Person')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByText('Check your inbox').waitFor()
  await page.goto(`${baseURL}/dev/mailbox?key=${DEV_MAILBOX_KEY}`)
  const href = await page
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
    .locator('a[href*="verify-email"]')
    .first()
    .getAttribute('href')
  if (!href) throw new Error('No verification e-mail in the development mailbox.')
  await page.goto(href)
  await page.waitForURL(/\/app\//)
}

/** A site with `count` pages (/p/000000 …), each with a title and a description. */
async function seedSite(
  page: Page,
  baseURL: string,
  organizationSlug: string,
  hostname: string,
  count: number,
): Promise<void> {
  await rpc(page, baseURL, 'sites/create', { organizationSlug, name: hostname, hostname })
  const started = performance.now()
  for (let from = 0; from < count; from += CHUNK) {
    const lines: string[] = []
    for (let index = from; index < Math.min(count, from + CHUNK); index += 1) {
      const path = `/p/${String(index).padStart(6, '0')}`
      lines.push(
        JSON.stringify({ path, title: `Page ${index}`, description: `The page at ${path}.` }),
      )
    }
    await rpc(page, baseURL, 'transfer/import', {
      organizationSlug,
      siteHostname: hostname,
      format: 'json',
      content: lines.join('\n'),
      createMissing: true,
    })
  }
  console.log(
    `  ${hostname}: ${count.toLocaleString('en')} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

/**
 * Opens the bulk table and answers when its first data row was painted (ms after navigation
 * start: the end of the frame in which the row first appeared).
 */
async function firstRow(page: Page, address: string): Promise<number> {
  const response = await page.goto(address, { waitUntil: 'commit' })
  if (response?.status() === 404) {
    throw new BenchStop(
      `The bulk table is not in this build: ${address} answered 404. Build the app with the bulk route (sites/$siteHostname/bulk) and run the bench again.`,
    )
  }
  try {
    await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 120_000 })
  } catch {
    throw new BenchStop(
      `No grid row (${FIRST_ROW}) appeared at ${address} within 2 minutes: the bulk table's markup may have changed.`,
    )
  }
  return page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt)
}

/**
 * Types the path prefix into the filter bar and answers the time from the input event to the end
 * of the frame that shows only matching rows (the first row matches, no row before the filter's
 * range is left).
 */
async function filterAnswer(page: Page): Promise<number> {
  const input = page.getByLabel('Path starts with')
  if ((await input.count()) === 0) {
    throw new BenchStop('The bulk table has no "Path starts with" filter: the filter bar changed.')
  }
  await input.first().click()
  await input.first().fill('')
  const answered = page.evaluate(
    ({ filter, selector }) =>
      new Promise<number>((resolve, reject) => {
        let start = Number.NaN
        const matches = () => {
          const first = document.querySelector(selector)
          if (!first?.textContent?.includes(filter)) return false
          return ![...document.querySelectorAll('[role="row"]')].some((row) =>
            row.textContent?.includes('/p/000000'),
          )
        }
        const done = () => {
          observer.disconnect()
          requestAnimationFrame(() => {
            const channel = new MessageChannel()
            channel.port1.onmessage = () => resolve(performance.now() - start)
            channel.port2.postMessage(null)
          })
        }
        const observer = new MutationObserver(() => {
          if (!Number.isNaN(start) && matches()) done()
        })
        document.addEventListener(
          'input',
          (event) => {
            if (Number.isNaN(start)) start = event.timeStamp
          },
          { capture: true },
        )
        observer.observe(document.body, { subtree: true, childList: true, characterData: true })
        setTimeout(() => reject(new Error('The filter was not answered within 60 s.')), 60_000)
      }),
    { filter: FILTER, selector: FIRST_ROW },
  )
  // All at once, as a paste: one input event, one answer to wait for.
  await input.first().fill(FILTER)
  return answered
}

async function main() {
  if (!existsSync(join(appRoot, 'dist', 'server'))) {
    throw new BenchStop('No build of the app: run `npm run build -w @headmark/app` first.')
  }
  console.log(
    `Bulk table in Chromium: ${LARGE.toLocaleString('en')} pages against ${SMALL} (${RUNS} runs each, interleaved)`,
  )
  const server = await startAppServer()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addInitScript(
      ({ selector }) => {
        const w = window as unknown as { firstRowAt: number }
        const seen = () => {
          if (w.firstRowAt !== undefined || !document.querySelector(selector)) return
          w.firstRowAt = -1
          requestAnimationFrame(() => {
            const channel = new MessageChannel()
            channel.port1.onmessage = () => {
              w.firstRowAt = performance.now()
            }
            channel.port2.postMessage(null)
          })
        }
        new MutationObserver(seen).observe(document, { subtree: true, childList: true })
        document.addEventListener('DOMContentLoaded', seen)
      },
      { selector: FIRST_ROW },
    )
    const page = await context.newPage()
    const { baseURL } = server
    await signUp(page, baseURL)
    const slug = `bench-${Date.now().toString(36)}`
    await rpc(page, baseURL, 'organizations/create', { name: 'Bulk Bench', slug })
    await rpc(page, baseURL, 'billing/subscribe', { organizationSlug: slug, planId: 'business' })
    console.log('Seeding:')
    const sites = [
      { name: 'small', hostname: 'small.example', pages: SMALL },
      { name: 'large', hostname: 'large.example', pages: LARGE },
    ] as const
    for (const site of sites) await seedSite(page, baseURL, slug, site.hostname, site.pages)

    const bulkUrl = (hostname: string) =>
      `${baseURL}/app/organizations/${slug}/sites/${hostname}/bulk`
    const results = {
      small: { paint: [] as number[], filter: [] as number[] },
      large: { paint: [] as number[], filter: [] as number[] },
    }
    // One visit each first, not counted: the browser's cache holds the scripts for every run.
    for (const site of sites) await firstRow(page, bulkUrl(site.hostname))
    for (let run = 0; run < RUNS; run += 1) {
      for (const site of sites) {
        const paint = await firstRow(page, bulkUrl(site.hostname))
        await page
          .getByText(site.pages.toLocaleString('en'))
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined)
        const filter = await filterAnswer(page)
        results[site.name].paint.push(paint)
        results[site.name].filter.push(filter)
        console.log(
          `  run ${run + 1} ${site.name.padEnd(5)}: first row ${paint.toFixed(0)} ms, filter ${filter.toFixed(0)} ms`,
        )
      }
    }
    const line = (label: string, key: 'paint' | 'filter') => {
      const small = median(results.small[key])
      const large = median(results.large[key])
      console.log(
        `${label}: ${LARGE.toLocaleString('en')} pages ${large.toFixed(0)} ms, ${SMALL} pages ${small.toFixed(0)} ms (median); ratio ${(large / small).toFixed(2)}`,
      )
    }
    line('First row painted (from navigation start)', 'paint')
    line('Filter answered (from the input event)   ', 'filter')
  } finally {
    await browser.close()
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchStop ? error.message : error)
  process.exit(1)
})
