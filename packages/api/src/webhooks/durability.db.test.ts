import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createWorkerDatabase } from '../../test/database.ts'
import { type Receiver, startReceiver } from '../../test/webhook-fixtures.ts'

const packageDir = new URL('../..', import.meta.url)

// A server process: opens the database, starts webhook delivery and, on the first run, saves a
// revision of a site that has one webhook. It stops on SIGTERM like the production server.
const script = `
  import { createHeadmark } from './src/headmark.ts'
  import { loadServerEnv } from './src/env.ts'
  import { createSite, insertWebhook, saveRevision } from './test/webhook-fixtures.ts'
  const headmark = await createHeadmark(loadServerEnv(process.env), { log: () => {} })
  if (process.env.STEP === 'save') {
    const site = await createSite(headmark)
    await insertWebhook(headmark, site.id, process.env.RECEIVER_URL)
    await saveRevision(headmark, site, { metadata: { title: 'Durable' } })
  }
  console.log('ready')
`

let children: ChildProcess[] = []
let receiver: Receiver | undefined
let folders: string[] = []
afterEach(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  children = []
  await receiver?.close()
  receiver = undefined
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  folders = []
})

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--input-type=module', '-e', script],
    {
      cwd: packageDir,
      env: { PATH: `${process.env.PATH}`, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  return child
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.signalCode ?? child.exitCode)
    } else child.once('exit', (code, signal) => resolve(signal ?? code))
  })

async function killedMidDelivery(database: Record<string, string>) {
  let hold = true
  receiver = await startReceiver(async () => {
    if (hold) await new Promise(() => {}) // the first request is never answered
    return Response.json({ ok: true })
  })
  const env = {
    ...database,
    BETTER_AUTH_URL: 'http://127.0.0.1:3999',
    // The webhook's secret is sealed with a key derived from this: it must survive the restart.
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    RECEIVER_URL: receiver.url,
  }
  const first = startServer({ ...env, STEP: 'save' })
  const [held] = await receiver.received(1)
  // Killed while the receiver holds the request: the attempt never finished.
  first.kill('SIGKILL')
  expect(await exited(first)).toBe('SIGKILL')
  hold = false

  const second = startServer({ ...env, STEP: 'resume' })
  const requests = await receiver.received(2)
  const ids = new Set(requests.map((request) => request.headers.get('webhook-id')))
  expect(ids).toEqual(new Set([held?.headers.get('webhook-id')]))
  expect(JSON.parse(requests[1]?.body ?? '')).toMatchObject({
    _type: 'metadata_update',
    metadata: { title: 'Durable' },
  })
  // And it stops cleanly on SIGTERM.
  second.kill('SIGTERM')
  expect(await exited(second)).not.toBe('SIGKILL')
}

describe('durability', () => {
  // The pglite project runs it on an embedded database in a folder, the postgres project on a
  // database of its own.
  it('delivers after the server is killed mid-delivery and restarted', async () => {
    if (process.env.HEADMARK_TEST_DATABASE === 'postgres') {
      await killedMidDelivery({ DATABASE_URL: await createWorkerDatabase() })
    } else {
      const folder = mkdtempSync(join(tmpdir(), 'headmark-durability-'))
      folders.push(folder)
      await killedMidDelivery({ DATA_DIR: folder })
    }
  }, 120_000)
})
