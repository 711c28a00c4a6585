// The example site itself: its production build and server, for the end-to-end test.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Process, startServer } from '../../e2e-harness/headmark.ts'

export const exampleRoot = fileURLToPath(new URL('..', import.meta.url))

/** Builds the example (`vite build`) and returns how long it took, in seconds. */
export function buildExample(): number {
  const started = performance.now()
  const { status, stdout, stderr } = spawnSync('npx', ['vite', 'build'], {
    cwd: exampleRoot,
    encoding: 'utf8',
    timeout: 180_000,
  })
  if (status !== 0) throw new Error(`The example's build failed (${status}):\n${stdout}\n${stderr}`)
  return (performance.now() - started) / 1000
}

/** Every file of the client build (what browsers download), with its text. */
export function clientFiles(): Array<{ file: string; text: string }> {
  const dir = join(exampleRoot, 'dist', 'client')
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name)
      return { file, text: readFileSync(file, 'latin1') }
    })
}

export interface Example extends Process {
  origin: string
  port: number
}

/** The example's configuration (README, "Configure"). */
export interface ExampleEnv {
  HEADMARK_URL: string
  HEADMARK_DSN: string
  HEADMARK_API_KEY?: string
  /** Unset: the webhook receiver answers 500 (a site without a webhook). */
  HEADMARK_WEBHOOK_SECRET?: string
  /** `true`: every response says `X-Robots-Tag: noindex` (a staging deploy). */
  SITE_NOINDEX?: 'true'
}

/** Starts the built example (`server.mjs`) on `port` with the site's configuration. */
export async function startExample(port: number, env: ExampleEnv): Promise<Example> {
  const origin = `http://localhost:${port}`
  const server = await startServer({
    name: 'example',
    cwd: exampleRoot,
    args: ['server.mjs'],
    env: { ...env, PORT: String(port), NODE_ENV: 'production' },
    readyUrl: `${origin}/favicon.svg`,
    timeoutMs: 60_000,
  })
  return { ...server, origin, port }
}
