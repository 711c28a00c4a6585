import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../test/database.ts'

const packageDir = new URL('..', import.meta.url)

// Each child loads the server from its TypeScript source and migrates a new embedded database:
// seconds when the machine is idle, much longer when other test files share its two cores.
const CHILD_TIMEOUT_MS = 120_000

async function childEnv() {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATABASE_URL: await testDatabaseUrl(),
    BETTER_AUTH_URL: 'http://127.0.0.1:3999',
  }
}

describe('createHeadmark', () => {
  it(
    'builds a server from the environment it is handed, and the process exits once it is closed',
    async () => {
      const script = `
      import { createHeadmark, loadServerEnv } from './src/index.ts'
      const headmark = await createHeadmark(loadServerEnv(process.env))
      const session = await headmark.handleRpc(new Request('http://127.0.0.1:3999/api/rpc/auth/getSession'))
      const api = await headmark.publicApi()
      console.log(JSON.stringify({
        sameApi: api === (await headmark.publicApi()),
        status: session.status,
        body: await session.json(),
      }))
      await headmark.close()
      await headmark.close()
    `
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--input-type=module', '-e', script],
        { cwd: packageDir, env: await childEnv(), timeout: CHILD_TIMEOUT_MS },
      )
      const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '')
      expect(result).toEqual({ sameApi: true, status: 200, body: { json: {} } })
    },
    CHILD_TIMEOUT_MS,
  )

  it(
    'closes the database and re-raises SIGTERM when nothing else handles it',
    async () => {
      const child = await startChild(`
      import { createServer } from 'node:http'
      import { createHeadmark, loadServerEnv } from './src/index.ts'
      await createHeadmark(loadServerEnv(process.env))
      createServer().listen(0, '127.0.0.1', () => console.log('ready'))
    `)
      child.kill('SIGTERM')
      expect(await child.exit).toEqual({ code: null, signal: 'SIGTERM' })
    },
    CHILD_TIMEOUT_MS,
  )

  it(
    'closes the database on SIGTERM alongside the server’s own graceful shutdown',
    async () => {
      const child = await startChild(`
      import { createServer } from 'node:http'
      import { sql } from 'drizzle-orm'
      import { createHeadmark, loadServerEnv } from './src/index.ts'
      const headmark = await createHeadmark(loadServerEnv(process.env))
      const server = createServer().listen(0, '127.0.0.1', () => console.log('ready'))
      process.on('SIGTERM', async () => {
        server.close()
        // Closing first lets webhook delivery and the usage counters finish: wait for it, boundedly.
        for (let waited = 0; waited < 10_000; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          const open = await headmark.db.execute(sql\`select 1\`).then(() => true, () => false)
          if (!open) return console.log('database closed')
        }
        console.log('database still open')
      })
    `)
      child.kill('SIGTERM')
      expect(await child.exit).toEqual({ code: 0, signal: null })
      expect(child.output()).toContain('database closed')
    },
    CHILD_TIMEOUT_MS,
  )
})

/** Runs `script` in a Node process of its own and waits until it prints "ready". */
async function startChild(script: string) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--input-type=module', '-e', script],
    {
      cwd: packageDir,
      env: await childEnv(),
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes('ready')) resolve()
    })
    exit.then(({ code }) => reject(new Error(`exited early with ${code}: ${output}`)))
  })
  return { kill: (signal: NodeJS.Signals) => child.kill(signal), exit, output: () => output }
}
