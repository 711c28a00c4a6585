import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../test/database.ts'
import { startFixtureSite } from '../../test/import-fixtures.ts'
import { postJson, startInstanceProcess } from '../../test/instance-process.ts'
import type { SiteFixture } from '../../test/webhook-fixtures.ts'

// PostgreSQL only (two server processes on one database): an import survives its server being
// killed (SIGKILL) mid-way; the instance started after it finishes the import, and no page whose
// head was already stored is fetched again.

describe('an import across SIGKILL', () => {
  it('finishes on the restarted instance without fetching again what was stored', async () => {
    const paths = Array.from({ length: 30 }, (_, i) => `/k/${i}`)
    const fixture = await startFixtureSite({ paths, delayMs: 150 })
    const url = await testDatabaseUrl()
    const sqlClient = postgres(url, { max: 1, onnotice: () => {} })
    const env = { DATABASE_URL: url, CRAWLER_CONCURRENCY_PER_HOST: '2' }
    const first = await startInstanceProcess(env)
    let second: Awaited<ReturnType<typeof startInstanceProcess>> | undefined
    try {
      const { site } = await postJson<{ site: SiteFixture }>(first.origin, '/test/site', {})
      const { id } = await postJson<{ id: string }>(first.origin, '/test/import', {
        site,
        urls: paths.map((path) => `${fixture.origin}${path}`),
      })
      const fetched = async () => {
        const [row] = await sqlClient<
          Array<{ fetched_count: number; state: string }>
        >`select fetched_count, state from site_import where id = ${id}`
        return row
      }
      while (((await fetched())?.fetched_count ?? 0) < 8) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      first.child.kill('SIGKILL')
      expect(await first.exited).toBeNull()
      const stored = await sqlClient<Array<{ path: string }>>`
        select path from site_import_item where import_id = ${id} and status <> 'pending'`
      expect(stored.length).toBeGreaterThanOrEqual(8)
      expect(stored.length).toBeLessThan(30)
      expect((await fetched())?.state).toBe('running')

      second = await startInstanceProcess(env)
      while ((await fetched())?.state !== 'done') {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await fetched()).toMatchObject({ fetched_count: 30, state: 'done' })
      for (const { path } of stored) expect(fixture.hits.get(path), path).toBe(1)
      for (const path of paths) expect(fixture.hits.get(path) ?? 0).toBeGreaterThanOrEqual(1)
      const [pages] = await sqlClient<Array<{ n: number }>>`
        select count(*)::int as n from page p join metadata_revision r on r.id = p.current_revision_id
        where p.site_id = ${site.id} and p.path is not null and r.source = 'import'`
      expect(pages?.n).toBe(30)
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL')
      if (second) {
        second.child.kill('SIGTERM')
        await second.exited
      }
      await sqlClient.end()
      await fixture.close()
    }
  }, 120_000)
})
