import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { testDatabaseUrl } from '../test/database.ts'
import { loadServerEnv } from './env.ts'
import { createHeadmark, type Headmark } from './headmark.ts'
import { limits } from './limits.ts'

// Two server processes on one PostgreSQL database share the contact form's limit per address.
// (PostgreSQL only: PGlite is one process.)

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
let databaseUrl = ''
let headmark: Headmark

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl()
  // Migrates the database once, before the processes start.
  headmark = await createHeadmark(loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: databaseUrl }), {
    log: () => {},
  })
})

afterAll(() => headmark.close())

async function sendFromProcess(address: string, count: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--conditions=source', 'test/contact-instance.ts'], {
    cwd: packageRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CONTACT_ADDRESS: address,
      CONTACT_COUNT: String(count),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) output += chunk.toString()
  const line = /RESULTS (.*)/.exec(output)?.[1]
  if (line === undefined) throw new Error(`The process printed no results: ${output}`)
  return line.split(',')
}

it('two server processes share the limit per address; another address still gets through', async () => {
  const max = limits.contactPerAddress.max
  const [first, second] = await Promise.all([
    sendFromProcess('203.0.113.50', max),
    sendFromProcess('203.0.113.50', max),
  ])
  const all = [...(first ?? []), ...(second ?? [])]
  expect(all.filter((status) => status === 'sent')).toHaveLength(max)
  expect(all.filter((status) => status === 'rate-limited')).toHaveLength(max)
  expect(await sendFromProcess('198.51.100.50', 1)).toEqual(['sent'])
})
