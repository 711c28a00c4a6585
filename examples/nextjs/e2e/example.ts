// Builds and serves the example as an integrator would: `next build`, then `next start`.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { captureOutput, freePort, stopProcess, track, waitUntilUp } from './headmark.ts'

export const exampleRoot = fileURLToPath(new URL('..', import.meta.url))
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next')

export interface ExampleEnv {
  HEADMARK_URL: string
  HEADMARK_DSN: string
  HEADMARK_API_KEY?: string
  HEADMARK_WEBHOOK_SECRET?: string
  SITE_URL: string
}

function runNext(args: string[], env: ExampleEnv) {
  return track(
    spawn(process.execPath, [nextBin, ...args], {
      cwd: exampleRoot,
      env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
}

/** `next build` with `env`; resolves with its duration in milliseconds. */
export async function buildExample(env: ExampleEnv, timeoutMs = 300_000): Promise<number> {
  const started = performance.now()
  const child = runNext(['build'], env)
  const output = captureOutput(child)
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  clearTimeout(timer)
  if (code !== 0) throw new Error(`next build failed (${code}):\n${output()}`)
  return performance.now() - started
}

export interface ExampleServer {
  baseURL: string
  output(): string
  stop(): Promise<void>
}

/** `next start` of the last build on a free loopback port. */
export async function startExample(env: ExampleEnv, port?: number): Promise<ExampleServer> {
  const listen = port ?? (await freePort())
  const child = runNext(['start', '--port', String(listen), '--hostname', '127.0.0.1'], env)
  const output = captureOutput(child)
  const baseURL = `http://localhost:${listen}`
  try {
    await waitUntilUp(`${baseURL}/pricing`, child, 120_000, output)
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return { baseURL, output, stop: () => stopProcess(child) }
}
