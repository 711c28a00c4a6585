import { defineConfig } from '@playwright/test'
import base from '../playwright.config.ts'

/** Benchmarks of the page screen in Chromium, against the production build (`npm run bench`). */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  globalSetup: '../e2e/global-setup.ts',
  outputDir: '../test-results/bench',
  timeout: 180_000,
})
