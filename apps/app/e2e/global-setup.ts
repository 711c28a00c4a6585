import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { E2E_FIXTURES_ORIGIN, startFixturesServer } from './fixtures-server.ts'
import { appRoot } from './server.ts'

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
 * Starts the fixtures server (analytics host, chat script, the live site imports read), which
 * every worker shares; each worker starts its own app server (`test` in helpers.ts). Stops it
 * afterwards.
 */
export default async function globalSetup() {
  assertE2eBuild()
  const fixtures = await startFixturesServer()
  return async () => {
    await new Promise((resolve) => fixtures.close(resolve))
  }
}
