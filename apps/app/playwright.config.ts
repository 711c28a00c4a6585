import { defineConfig } from '@playwright/test'
import { endToEndDefaults } from '../../config/browser-tests.ts'

/**
 * End-to-end tests drive Debian's Chromium against the production build, started by the global
 * setup on a free port with a fresh in-memory database. Failures keep screenshots and traces in
 * test-results/.
 */
export default defineConfig({
  ...endToEndDefaults,
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
})
