// The production build the browser tests run against: analytics and chat switched on, with the
// chat script and analytics host on the local fixtures server (e2e/fixtures-server.ts), so that
// nothing reaches the network.
import { spawnSync } from 'node:child_process'

const port = process.env.E2E_FIXTURES_PORT ?? '4319'
const { status } = spawnSync('npx', ['vite', 'build'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    VITE_ANALYTICS_KEY: 'phc_headmark_e2e',
    VITE_CHAT_PROPERTY_ID: 'e2e-property',
    VITE_CHAT_WIDGET_ID: 'e2e-widget',
    VITE_CHAT_SCRIPT_ORIGIN: `http://127.0.0.1:${port}/chat`,
  },
})
process.exit(status ?? 1)
