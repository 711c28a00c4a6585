import { defineConfig } from '@playwright/test'
import { endToEndDefaults } from '../../config/browser-tests.ts'

/**
 * The example's end-to-end test: it starts Headmark's production build (apps/app, built by
 * `npm run build:e2e -w @headmark/app`) and builds and starts this site against it.
 */
export default defineConfig({
  ...endToEndDefaults,
  timeout: 90_000,
})
