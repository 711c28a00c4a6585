import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumLaunchOptions } from '../../config/browser-tests.ts'

// The width table against Chromium's own text measurement, in Debian's Chromium (Arial is
// Liberation Sans there, from fonts-liberation).
export default defineConfig({
  test: {
    name: 'metadata: browser',
    include: ['src/**/*.browser.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: chromiumLaunchOptions,
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
