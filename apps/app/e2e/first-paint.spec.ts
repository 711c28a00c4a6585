import { expect } from '@playwright/test'
import { FIRST_PAINT_WAIT_MS } from '../src/lib/first-paint.ts'
import {
  openHydrated,
  organizationWithSite,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

const html = async (path: string) => (await fetch(url(path))).text()
const moduleScripts = (page: string) =>
  [...page.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((match) => match[1])

// Reading pages and the signed-in screens are painted before the app's JavaScript is fetched
// (lib/first-paint.ts); the sign-in page keeps the usual order.
test.describe('reading pages paint before the app’s JavaScript', () => {
  test('the HTML of a reading page neither preloads nor loads modules: an inline loader does, after the paint', async () => {
    for (const path of ['/', '/pricing', '/changelog', '/nextjs', '/privacy', '/terms']) {
      const page = await html(path)
      expect(page, path).not.toContain('rel="modulepreload"')
      expect(moduleScripts(page), path).toEqual([])
      const loader = /\(window,document,"(\/assets\/[\w.-]+\.js)",(\[[^\]]*\]),\d+\)/.exec(page)
      expect(loader, path).not.toBeNull()
      const modules = JSON.parse(loader![2]!) as string[]
      expect(modules.length, path).toBeGreaterThan(5)
      for (const href of modules) expect(href).toMatch(/^\/assets\/[\w.-]+\.js$/)
    }
    // The sign-in page is for acting: its modules are preloaded and its entry loads at once.
    const signIn = await html('/get-started')
    expect(signIn).toContain('rel="modulepreload"')
    expect(moduleScripts(signIn)).toHaveLength(1)
    expect(signIn).not.toContain('(window,document,"/assets/')
  })

  test('a signed-in screen paints first too: its HTML neither preloads nor loads modules, and it hydrates', async ({
    page,
  }) => {
    await signUpAndVerify(page, uniqueEmail('paint'))
    const slug = await organizationWithSite(page, 'Paint', 'paint.example')
    const site = `/app/organizations/${slug}/sites/paint.example`
    for (const path of [`/app/organizations/${slug}`, site, `${site}/bulk`]) {
      // The same session's cookies: the server's HTML of the screen, not of the sign-in page.
      const response = await page.request.get(url(path), { maxRedirects: 0 })
      expect(response.status(), path).toBe(200)
      const body = await response.text()
      expect(body, path).not.toContain('rel="modulepreload"')
      expect(moduleScripts(body), path).toEqual([])
      expect(body, path).toMatch(/\(window,document,"\/assets\/[\w.-]+\.js",\[/)
    }
    // Started after the paint, the app still takes over: a tab of the site is a link inside it.
    await openHydrated(page, site)
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click()
    await expect(page).toHaveURL(url(`${site}/webhooks`))
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
  })

  test('in Chromium, / paints, then fetches the app in parallel and hydrates', async ({ page }) => {
    await openHydrated(page, '/')
    const timing = await page.evaluate((waitMs) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1
      const modules = performance
        .getEntriesByType('resource')
        .filter((resource) => new URL(resource.name).pathname.endsWith('.js'))
      // The loader starts the app at the first paint, or FIRST_PAINT_WAIT_MS after it ran when a
      // busy machine paints later than that: no module may start before the earlier of the two.
      const due = Math.min(paint, waitMs)
      return {
        paint,
        before: modules.filter((resource) => resource.startTime < due).length,
        after: modules.length,
        preloaded: document.querySelectorAll('link[rel="modulepreload"]').length,
      }
    }, FIRST_PAINT_WAIT_MS)
    expect(timing.paint).toBeGreaterThan(0)
    expect(timing.before).toBe(0)
    expect(timing.after).toBeGreaterThan(5)
    expect(timing.preloaded).toBeGreaterThan(5)

    // Hydrated: a link navigates inside the page (the window survives), not by a new load.
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveURL(url('/pricing'))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
    // The dashboard's entry is the same module: navigating on starts nothing twice.
    expect(await page.locator('script[type="module"][src]').count()).toBe(1)
  })
})
