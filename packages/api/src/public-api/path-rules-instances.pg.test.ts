import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerEnv } from '../env.ts'
import { createHeadmark, type Headmark } from '../headmark.ts'
import { resetDatabase, testDatabaseUrl } from '../../test/database.ts'
import { getLatestTarget, rawRequest } from '../../test/public-api-server.ts'
import { startTestServer, type TestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'

// Two instances on one PostgreSQL: a rule changed through one is served by the other as soon as
// the other hears the site's change (LISTEN/NOTIFY), though it had the old answer cached.

let a: TestServer
let b: Headmark
let originB = ''
let closeB: () => Promise<void> = async () => {}

beforeAll(async () => {
  a = await startTestServer()
  // Each instance's public API announces its site changes to the others, as in production.
  await a.headmark.publicApi()
  b = await createHeadmark(
    loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: await testDatabaseUrl() }),
    {
      log: () => {},
    },
  )
  const api = await b.publicApi()
  const server = createServer((req, res) => {
    if (!api.handle(req, res)) {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  originB = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeB = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await b.webhooks.stop()
  }
})

afterAll(async () => {
  await closeB()
  await a.close()
})

async function descriptionAtB(dsn: string, path: string): Promise<unknown> {
  const response = await rawRequest(originB, getLatestTarget(dsn, path))
  return (JSON.parse(response.body.toString()) as { metadata: { description?: string } }).metadata
    .description
}

async function untilB(dsn: string, path: string, description: string | undefined): Promise<number> {
  const started = performance.now()
  while ((await descriptionAtB(dsn, path)) !== description) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return performance.now() - started
}

describe('path rules across instances', () => {
  it('a rule created, changed and deleted through one instance is served by the other', async () => {
    const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    await resetDatabase(a.headmark.db)
    const { owner } = await siteCast(a)
    const { dsn } = await owner.rpc.sites.get(acme)
    expect(await descriptionAtB(dsn, '/blog/x')).toBeUndefined()
    expect(await descriptionAtB(dsn, '/blog/x')).toBeUndefined() // now cached on B

    const rule = await owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/*',
      metadata: { description: 'Posts' },
    })
    const took = [await untilB(dsn, '/blog/x', 'Posts')]
    await owner.rpc.pathRules.update({
      ...acme,
      ruleId: rule.id,
      baseRevisionId: rule.currentRevisionId,
      metadata: { description: 'All posts' },
    })
    took.push(await untilB(dsn, '/blog/x', 'All posts'))
    await owner.rpc.pathRules.delete({ ...acme, ruleId: rule.id })
    took.push(await untilB(dsn, '/blog/x', undefined))
    expect(await descriptionAtB(dsn, '/about')).toBeUndefined()
    console.info(`[path rules] B served each change after ${took.map(Math.round).join(', ')} ms`)
  })
})
