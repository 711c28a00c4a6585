import { defineConfig } from '@playwright/test'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * End-to-end tests drive Debian's Chromium against the production build, started by the global
 * setup on a free port with a fresh in-memory database. Failures keep screenshots and traces in
 * test-results/.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
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
