import { defineConfig } from '@playwright/test'
import { endToEndDefaults } from '../../config/browser-tests.ts'

/**
 * End-to-end tests drive Debian's Chromium against the production build, which each worker
 * starts on a free port with a fresh in-memory database. Failures keep screenshots and traces in
 * test-results/.
 */
export default defineConfig({
  ...endToEndDefaults,
  globalSetup: './e2e/global-setup.ts',
  // Each worker has a server and database of its own (e2e/helpers.ts): two files run at a time
  // (E2E_WORKERS sets how many; 1 to follow one file's output in order).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI, a failed test runs once more: one that then passes is listed as flaky in the report
  // (and in the summary of `npm test`), one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
})
