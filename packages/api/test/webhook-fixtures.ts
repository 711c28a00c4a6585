import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Metadata } from '@headmark/metadata'
import { and, eq, isNull, max } from 'drizzle-orm'
import { metadataRevision, organization, page, site, webhook } from '../src/db/schema.ts'
import type { Headmark } from '../src/headmark.ts'
import { generateWebhookSecret } from '../src/webhooks/secrets.ts'

export interface SiteFixture {
  id: string
  organizationId: string
  hostname: string
  dsn: string
}

/** An organization and a site with its defaults page (path null), written with drizzle. */
export async function createSite(
  headmark: Headmark,
  { hostname = 'localhost', organizationId }: { hostname?: string; organizationId?: string } = {},
): Promise<SiteFixture> {
  const { db } = headmark
  let orgId = organizationId
  if (!orgId) {
    orgId = randomUUID()
    await db
      .insert(organization)
      .values({ id: orgId, name: 'Fixture', slug: `fixture-${randomBytes(3).toString('hex')}` })
  }
  const row = {
    id: randomUUID(),
    organizationId: orgId,
    name: hostname,
    hostname,
    dsn: randomBytes(16).toString('base64url'),
  }
  await db.transaction(async (tx) => {
    await tx.insert(site).values(row)
    await tx.insert(page).values({ id: randomUUID(), siteId: row.id, path: null })
  })
  return { id: row.id, organizationId: orgId, hostname, dsn: row.dsn }
}

/** A webhook written with drizzle (bypassing the save-time URL check); returns its secret too. */
export async function insertWebhook(
  headmark: Headmark,
  siteId: string,
  url: string,
  { legacyBearer = false }: { legacyBearer?: boolean } = {},
): Promise<{ id: string; secret: string }> {
  const secret = generateWebhookSecret()
  const id = randomUUID()
  await headmark.db.insert(webhook).values({
    id,
    siteId,
    url,
    legacyBearer,
    secretEncrypted: headmark.webhooks.secrets.seal(secret),
  })
  return { id, secret }
}

/**
 * Saves a revision the way the core's save procedure does: the revision and the page pointer in
 * one transaction, and `events.revisionSaved(tx, event)` inside it.
 */
export async function saveRevision(
  headmark: Headmark,
  target: SiteFixture,
  { path = null, metadata }: { path?: string | null; metadata: Metadata },
): Promise<{ revisionId: string }> {
  return headmark.db.transaction(async (tx) => {
    const where = and(
      eq(page.siteId, target.id),
      path === null ? isNull(page.path) : eq(page.path, path),
    )
    let [pageRow] = await tx.select().from(page).where(where)
    if (!pageRow) {
      ;[pageRow] = await tx
        .insert(page)
        .values({ id: randomUUID(), siteId: target.id, path })
        .returning()
    }
    if (!pageRow) throw new Error('No page')
    const [last] = await tx
      .select({ number: max(metadataRevision.number) })
      .from(metadataRevision)
      .where(eq(metadataRevision.pageId, pageRow.id))
    const revision = {
      id: randomUUID(),
      pageId: pageRow.id,
      number: (last?.number ?? 0) + 1,
      metadata,
      source: 'editor' as const,
      createdAt: new Date(),
    }
    await tx.insert(metadataRevision).values(revision)
    await tx.update(page).set({ currentRevisionId: revision.id }).where(eq(page.id, pageRow.id))
    await headmark.events.revisionSaved(tx, {
      site: target,
      page: { id: pageRow.id, path },
      revision: {
        id: revision.id,
        number: revision.number,
        source: revision.source,
        createdAt: revision.createdAt,
      },
      served: metadata,
    })
    return { revisionId: revision.id }
  })
}

export interface ReceivedRequest {
  method: string
  url: string
  headers: Headers
  body: string
}

export interface Receiver {
  url: string
  port: number
  requests: ReceivedRequest[]
  /** Resolves when the receiver has got `count` requests in all. */
  received(count: number): Promise<ReceivedRequest[]>
  close(): Promise<void>
}

/**
 * A real HTTP receiver on a random loopback port. `answer` turns each request into a Web
 * `Response` (by default `200 { ok: true }`); every request is recorded first.
 */
export async function startReceiver(
  answer: (request: Request, recorded: ReceivedRequest) => Response | Promise<Response> = () =>
    Response.json({ ok: true }),
): Promise<Receiver> {
  const requests: ReceivedRequest[] = []
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value)
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
      }
      const body = Buffer.concat(chunks).toString('utf8')
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers, body }
      requests.push(recorded)
      for (const waiter of [...waiters]) {
        if (requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
      try {
        const response = await answer(
          new Request(`http://${req.headers.host}${req.url}`, {
            method: req.method,
            headers,
            body,
          }),
          recorded,
        )
        res.statusCode = response.status
        response.headers.forEach((value, name) => res.setHeader(name, value))
        res.end(Buffer.from(await response.arrayBuffer()))
      } catch {
        res.destroy()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}/hook`,
    port,
    requests,
    received(count) {
      if (requests.length >= count) return Promise.resolve(requests)
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(requests) }))
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A clock the test moves by hand, starting at the real time. */
export function manualClock(start = Date.now()) {
  let now = start
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
    set(ms: number) {
      now = ms
    },
  }
}
