import { describe, expect, it } from 'vitest'
import { startFakeCdnApi } from '../../test/cdn-api.ts'
import { testDatabaseUrl } from '../../test/database.ts'
import { postJson, startInstanceProcess } from '../../test/instance-process.ts'
import type { SiteFixture } from '../../test/webhook-fixtures.ts'
import { pathTag } from './cdn-purge.ts'

// PostgreSQL only: a purge queued by a save survives the instance being killed (SIGKILL) while
// the CDN refuses, and is made by the instance that replaces it.

describe('CDN purge across SIGKILL', () => {
  it('purges the saved path once the CDN answers again, from a restarted instance', async () => {
    const cdn = await startFakeCdnApi('fastly')
    cdn.status = 503
    const env = {
      DATABASE_URL: await testDatabaseUrl(),
      CDN_PURGE_PROVIDER: 'fastly',
      CDN_PURGE_TOKEN: 'fastly-token-secret',
      CDN_PURGE_ZONE: 'SU1Z0isxPaozGVKXdv0eY',
      CDN_PURGE_API_URL: cdn.origin,
    }
    const first = await startInstanceProcess(env)
    let second: Awaited<ReturnType<typeof startInstanceProcess>> | undefined
    try {
      const { site } = await postJson<{ site: SiteFixture }>(first.origin, '/test/site', {})
      await postJson(first.origin, '/test/save', { site, path: '/about', metadata: { title: 'A' } })
      while (cdn.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(cdn.requests[0]?.tags).toEqual([pathTag(site.id, '/about')])
      await new Promise((resolve) => setTimeout(resolve, 300))
      first.child.kill('SIGKILL')
      expect(await first.exited).toBeNull()

      cdn.status = 200
      second = await startInstanceProcess(env)
      await cdn.purged([pathTag(site.id, '/about')])
      const made = cdn.requests.filter((request) => request.status === 200)
      expect(made.flatMap((request) => request.tags)).toContain(pathTag(site.id, '/about'))
      expect(made[0]?.headers['fastly-key']).toBe('fastly-token-secret')
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL')
      if (second) {
        second.child.kill('SIGTERM')
        await second.exited
      }
      await cdn.close()
    }
  }, 60_000)
})
