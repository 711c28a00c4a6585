import { defineConfig } from '@playwright/test'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The example, end to end: the spec starts Headmark (production build, in-memory database),
 * builds and starts this site against it, and drives Debian's Chromium through the dashboard.
 * One worker: the steps share one Headmark and one site, in order.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  // Starting Headmark, building the site and the steps take 2–3 minutes on a busy 2-core machine.
  globalTimeout: 15 * 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  reporter: [['list']],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
