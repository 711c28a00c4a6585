// Screenshots of pages in light and dark, at 1280 and 390 pixels wide, for a visual review.
// Usage: node scripts/screenshots.mjs <base URL> <output folder> <path> [<path>…]
// A path may carry a storage state file to be signed in: /app/admin@state.json
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const [base, out, ...paths] = process.argv.slice(2)
if (!base || !out || paths.length === 0) {
  console.error('Usage: node scripts/screenshots.mjs <base URL> <output folder> <path>…')
  process.exit(1)
}
mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
for (const entry of paths) {
  const [path, storageState] = entry.split('@')
  for (const scheme of ['light', 'dark']) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: scheme,
        storageState: storageState || undefined,
      })
      const page = await context.newPage()
      await page.goto(new URL(path, base).href, { waitUntil: 'load' })
      // Reading pages hydrate after their first paint, after the load event.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.waitForTimeout(800)
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${scheme}-${width}.png`
      await page.screenshot({ path: join(out, name), fullPage: true })
      await context.close()
      console.log(join(out, name))
    }
  }
}
await browser.close()
