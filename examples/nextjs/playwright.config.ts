import { defineConfig } from '@playwright/test'
import { endToEndDefaults } from '../../config/browser-tests.ts'

/**
 * The example, end to end: the spec starts Headmark (production build, in-memory database),
 * builds and starts this site against it, and drives Debian's Chromium through the dashboard.
 * One worker: the steps share one Headmark and one site, in order.
 */
export default defineConfig({
  ...endToEndDefaults,
  timeout: 120_000,
  // Starting Headmark, building the site and the steps take 2–3 minutes on a busy 2-core machine.
  globalTimeout: 15 * 60_000,
})
