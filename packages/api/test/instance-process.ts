import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))

export interface InstanceProcess {
  child: ChildProcess
  port: number
  origin: string
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
}

/**
 * Starts test/operations-instance.ts (a whole instance: operations, public API, auth, RPC) with
 * `env` on top of a test environment; resolves once it listens.
 */
export async function startInstanceProcess(env: Record<string, string>): Promise<InstanceProcess> {
  const child = spawn(process.execPath, ['--conditions=source', 'test/operations-instance.ts'], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  let output = ''
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString()
    const port = /READY (\d+)/.exec(output)?.[1]
    if (port) {
      // Keep draining stdout so the child never blocks on a full pipe.
      child.stdout?.resume()
      const host = env.HOST ?? '127.0.0.1'
      return { child, port: Number(port), origin: `http://${host}:${port}`, exited }
    }
  }
  throw new Error(`The instance exited before it was ready: ${output}`)
}

/** POSTs JSON to an instance's test endpoint and returns the parsed answer. */
export async function postJson<T>(origin: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Reads `read()` every 100 ms until `done` holds for its value, which it returns; throws after `ms`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Still ${JSON.stringify(value)} after ${ms} ms`)
    await sleep(100)
  }
}
