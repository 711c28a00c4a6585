// Builds and serves the example as an integrator would: `next build`, then `next start`.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { type Process, spawnProcess, startServer } from '../../e2e-harness/headmark.ts'

export const exampleRoot = fileURLToPath(new URL('..', import.meta.url))
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next')

export interface ExampleEnv {
  HEADMARK_URL: string
  HEADMARK_DSN: string
  HEADMARK_API_KEY?: string
  HEADMARK_WEBHOOK_SECRET?: string
  SITE_URL: string
}

const nextOptions = (name: string, args: string[], env: ExampleEnv) => ({
  name,
  cwd: exampleRoot,
  args: [nextBin, ...args],
  env: { ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
})

/** `next build` with `env`; resolves with its duration in milliseconds. */
export async function buildExample(env: ExampleEnv, timeoutMs = 300_000): Promise<number> {
  const started = performance.now()
  const build = spawnProcess(nextOptions('next build', ['build'], env))
  const timer = setTimeout(() => void build.stop(0), timeoutMs)
  const code = await build.exited
  clearTimeout(timer)
  if (code !== 0) throw new Error(`next build failed (${code}):\n${build.output()}`)
  return performance.now() - started
}

export interface ExampleServer extends Process {
  origin: string
}

/** `next start` of the last build on `port` of the loopback interface. */
export async function startExample(env: ExampleEnv, port: number): Promise<ExampleServer> {
  const origin = `http://localhost:${port}`
  const server = await startServer({
    ...nextOptions('example', ['start', '--port', String(port), '--hostname', '127.0.0.1'], env),
    readyUrl: `${origin}/pricing`,
  })
  return { ...server, origin }
}
