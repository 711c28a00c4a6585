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
  // Each worker has a server and database of its own (e2e/helpers.ts): E2E_WORKERS=2 runs two
  // files at a time where there are cores to spare.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  timeout: 120_000,
})
