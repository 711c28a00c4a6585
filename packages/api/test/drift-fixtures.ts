import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolveHead } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { eq, sql } from 'drizzle-orm'
import { member, site, subscription, user } from '../src/db/schema.ts'
import type { Headmark } from '../src/headmark.ts'
import { createSite, type SiteFixture } from './webhook-fixtures.ts'

// A large site for drift checks: pages `/p/0` … `/p/<n-1>` written straight to the database
// (a connected site of a paid plan, with an owner, an admin and a member), and a loopback site
// that serves them with heads rendered by the SDK — every 10th page serves Twitterbot an old
// title, so a check has something to find. The bench and the SIGKILL test share both.

export const driftTitleOf = (path: string) => `Page ${path.slice(3)} · Bench`
export const driftDescriptionOf = (path: string) => `The page ${path}, for the drift bench.`

export interface DriftFixture {
  origin: string
  /** How often each page was fetched, per `<path> <crawler's User-Agent>`. */
  hits: Map<string, number>
  close(): Promise<void>
}

/** The loopback site; `delayMs` makes each page answer that much later. */
export async function startDriftFixture({ delayMs = 0 } = {}): Promise<DriftFixture> {
  const hits = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const agent = String(req.headers['user-agent'])
    const key = `${path} ${agent}`
    hits.set(key, (hits.get(key) ?? 0) + 1)
    const stale = path.endsWith('0') && agent.includes('Twitterbot')
    const head = renderHead(
      resolveHead({
        metadata: {
          title: stale ? 'Old' : driftTitleOf(path),
          description: driftDescriptionOf(path),
          canonical: `http://localhost${path}`,
        },
      }),
    )
    const answer = () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><html><head>${head}</head><body><p>${path}</p></body></html>`)
    }
    if (delayMs > 0) setTimeout(answer, delayMs)
    else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The people of a seeded site's organization, by role. */
export const driftPeople = {
  owner: 'drift-owner@example.com',
  admin: 'drift-admin@example.com',
  member: 'drift-member@example.com',
} as const

/**
 * A connected site (ownership verified) named `hostname` on the Business plan, with `pages`
 * pages whose metadata is what the fixture serves, and an owner, an admin and a member.
 */
export async function seedDriftSite(
  headmark: Headmark,
  { pages, hostname = 'localhost' }: { pages: number; hostname?: string },
): Promise<SiteFixture> {
  const { db } = headmark
  const target = await createSite(headmark, { hostname })
  await db.insert(subscription).values({
    id: randomUUID(),
    plan: 'business',
    referenceId: target.organizationId,
    status: 'active',
  })
  await db.update(site).set({ ownershipVerifiedAt: new Date() }).where(eq(site.id, target.id))
  for (const [role, email] of Object.entries(driftPeople)) {
    const userId = randomUUID()
    await db.insert(user).values({ id: userId, name: role, email, emailVerified: true })
    await db
      .insert(member)
      .values({ id: randomUUID(), organizationId: target.organizationId, userId, role })
  }
  await db.execute(sql`
    with pages as (
      insert into page (id, site_id, path)
      select gen_random_uuid()::text, ${target.id}, '/p/' || i from generate_series(0, ${pages - 1}) as i
      returning id, path)
    insert into metadata_revision (id, page_id, number, metadata, source)
    select gen_random_uuid()::text, id, 1, jsonb_build_object(
      'title', 'Page ' || substr(path, 4) || ' · Bench',
      'description', 'The page ' || path || ', for the drift bench.',
      'canonical', 'http://localhost' || path), 'editor'
    from pages`)
  await db.execute(sql`
    update page set current_revision_id = r.id from metadata_revision r
    where r.page_id = page.id and page.site_id = ${target.id}`)
  return target
}
