import { createServer } from 'node:net'
import type { PlaywrightTestConfig } from '@playwright/test'

/**
 * Debian's Chromium, as every browser test in the repository launches it: Playwright's own
 * browser download is unreachable from CI machines. `CHROMIUM_PATH` points elsewhere.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
}

/**
 * What the end-to-end suites (the app's and the examples') share: one worker in order, no
 * retries, Chromium, and screenshots and traces kept in `test-results/` when a test fails.
 */
export const endToEndDefaults = {
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  reporter: [['list']],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
} satisfies PlaywrightTestConfig

/** A free TCP port on the loopback interface, for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
