import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitUntilUp(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs} ms`)
}

/** Starts the production server on a free port with an in-memory database; stops it afterwards. */
export default async function globalSetup() {
  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  const server = spawn(process.execPath, ['server.mjs'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: 'pglite:memory',
      BETTER_AUTH_URL: baseURL,
      NODE_ENV: 'development',
      // Every test signs in from 127.0.0.1; the limits are tested in packages/api.
      RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitUntilUp(baseURL, server, 60_000)
  process.env.E2E_BASE_URL = baseURL

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
}
