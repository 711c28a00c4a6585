import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { E2E_FIXTURES_ORIGIN, startFixturesServer } from './fixtures-server.ts'
import { appRoot, startAppServer } from './server.ts'

/** The analytics and chat tests need the build made by `npm run build:e2e`. */
function assertE2eBuild() {
  const assets = join(appRoot, 'dist', 'client', 'assets')
  const built = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .some((file) =>
      readFileSync(join(assets, file), 'utf8').includes(`${E2E_FIXTURES_ORIGIN}/chat`),
    )
  if (!built) {
    throw new Error(
      'The app was not built for the browser tests: run `npm run build:e2e -w @headmark/app` first.',
    )
  }
}

/**
 * Starts the fixtures server (analytics host and chat script) and the production server on a free
 * port with a fresh in-memory database; stops both afterwards.
 */
export default async function globalSetup() {
  assertE2eBuild()
  const fixtures = await startFixturesServer()
  const app = await startAppServer({ VITE_ANALYTICS_HOST: `${E2E_FIXTURES_ORIGIN}/capture` })
  process.env.E2E_BASE_URL = app.baseURL

  return async () => {
    await app.stop()
    await new Promise((resolve) => fixtures.close(resolve))
  }
}
