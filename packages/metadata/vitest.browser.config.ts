import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

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
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
