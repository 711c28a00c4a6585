import { type ChildProcess, spawn } from 'node:child_process'
import { networkInterfaces } from 'node:os'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../../config/browser-tests.ts'

export const appRoot = fileURLToPath(new URL('..', import.meta.url))

export { freePort }

/** The key of the development mailbox of every server the tests start (`/dev/mailbox?key=…`). */
export const DEV_MAILBOX_KEY = 'e2e-development-mailbox-key'

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

export interface AppServer {
  baseURL: string
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string
  stop(): Promise<void>
}

/**
 * Starts the production server (`server.mjs`, the last build) on a free port; by default on a
 * fresh in-memory database.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const baseURL = `http://localhost:${port}`
  let output = ''
  const server = spawn(process.execPath, ['server.mjs'], {
    cwd: appRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: 'pglite:memory',
      BETTER_AUTH_URL: baseURL,
      NODE_ENV: 'development',
      // Every test signs in from 127.0.0.1; the limits are tested in packages/api.
      RATE_LIMIT: 'off',
      DEV_MAILBOX_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (process.env.E2E_SERVER_LOGS) process.stderr.write(chunk)
    })
  }
  await waitUntilUp(baseURL, server, 120_000)
  return {
    baseURL,
    output: () => output,
    stop: async () => {
      if (server.exitCode !== null) return
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    },
  }
}

/** An address of this machine that is not loopback: requests to it come from "outside". */
export function outsideAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? [])
      if (!entry.internal && entry.family === 'IPv4') return entry.address
  }
  throw new Error('This machine has no non-loopback IPv4 address to test from.')
}
