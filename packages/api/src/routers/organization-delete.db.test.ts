import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { invite, organizationCast } from '../../test/organization.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'
import { insertWebhook, startReceiver, type Receiver } from '../../test/webhook-fixtures.ts'
import {
  discoveredPath,
  invitation,
  member,
  metadataRevision,
  organization,
  organizationFormerSlug,
  page,
  site,
  siteApiKey,
  subscription,
  usage,
  webhook,
  webhookCall,
  webhookMessage,
} from '../db/schema.ts'

// organizations.delete takes everything of the organization in one transaction, and nothing of
// anyone else's; the public API stops answering for its sites and its queued webhook deliveries
// go with it. Runs with the public API's fast handler, as the app's server does.

const server = usePublicApiTestServer()
const app = () => server.current.app
const db = () => app().headmark.db

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
  await app().headmark.webhooks.resume()
})

/**
 * Fills an organization with one of everything it can own: a site with pages, revisions, an API
 * key, a discovered path, a webhook with a message, a call and a queued delivery, usage, a
 * subscription, an invitation and a former slug. Returns the ids to look for afterwards.
 */
async function furnish(owner: Visitor, slug: string, hostname: string) {
  const organizationSlug = slug
  const created = await owner.rpc.sites.create({ organizationSlug, name: hostname, hostname })
  await owner.rpc.pages.create({ organizationSlug, siteHostname: hostname, path: '/pricing' })
  await owner.rpc.siteApiKeys.create({ organizationSlug, siteHostname: hostname, name: 'Server' })
  const [org] = await db().select().from(organization).where(eq(organization.slug, slug))
  if (!org) throw new Error('no organization')
  const hook = await insertWebhook(app().headmark, created.id, `http://127.0.0.1:9/${slug}`)
  // Saving queues one delivery per webhook (the worker is paused: it stays queued).
  await owner.rpc.metadataRevisions.save({
    organizationSlug,
    siteHostname: hostname,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: `${slug} pricing` },
  })
  const [message] = await db()
    .select({ id: webhookMessage.id })
    .from(webhookMessage)
    .where(eq(webhookMessage.siteId, created.id))
  if (!message) throw new Error('no message')
  await db()
    .insert(webhookCall)
    .values({
      id: randomUUID(),
      webhookId: hook.id,
      messageId: message.id,
      attempt: 1,
      trigger: 'automatic',
      url: `http://127.0.0.1:9/${slug}`,
      requestHeaders: {},
      requestBody: '{}',
      durationMs: 1,
    })
  await db().insert(discoveredPath).values({ siteId: created.id, path: '/found', requestCount: 3 })
  await db()
    .insert(usage)
    .values({ organizationId: org.id, day: '2026-11-01', kind: 'api_call', count: 7 })
  await db().insert(subscription).values({
    id: randomUUID(),
    plan: 'starter',
    referenceId: org.id,
    status: 'active',
  })
  await invite(owner, org.id, `guest-${slug}@example.com`, 'member')
  await db()
    .insert(organizationFormerSlug)
    .values({ organizationId: org.id, slug: `${slug}-old` })
  return { organizationId: org.id, siteId: created.id, webhookId: hook.id, dsn: created.dsn }
}

type Furnished = Awaited<ReturnType<typeof furnish>>

/** How many rows of each kind belong to the organization (by the ids gathered beforehand). */
async function rowsOf(target: Furnished) {
  const count = async (query: Promise<unknown[]>) => (await query).length
  const pages = (
    await db().select({ id: page.id }).from(page).where(eq(page.siteId, target.siteId))
  ).map((row) => row.id)
  const jobs = await app().headmark.webhooks.queued(target.webhookId)
  return {
    organization: await count(
      db().select().from(organization).where(eq(organization.id, target.organizationId)),
    ),
    member: await count(
      db().select().from(member).where(eq(member.organizationId, target.organizationId)),
    ),
    invitation: await count(
      db().select().from(invitation).where(eq(invitation.organizationId, target.organizationId)),
    ),
    site: await count(db().select().from(site).where(eq(site.id, target.siteId))),
    page: pages.length,
    metadataRevision:
      pages.length === 0
        ? 0
        : await count(
            db().select().from(metadataRevision).where(inArray(metadataRevision.pageId, pages)),
          ),
    siteApiKey: await count(
      db().select().from(siteApiKey).where(eq(siteApiKey.siteId, target.siteId)),
    ),
    discoveredPath: await count(
      db().select().from(discoveredPath).where(eq(discoveredPath.siteId, target.siteId)),
    ),
    webhook: await count(db().select().from(webhook).where(eq(webhook.id, target.webhookId))),
    webhookMessage: await count(
      db().select().from(webhookMessage).where(eq(webhookMessage.siteId, target.siteId)),
    ),
    webhookCall: await count(
      db().select().from(webhookCall).where(eq(webhookCall.webhookId, target.webhookId)),
    ),
    usage: await count(
      db().select().from(usage).where(eq(usage.organizationId, target.organizationId)),
    ),
    subscription: await count(
      db().select().from(subscription).where(eq(subscription.referenceId, target.organizationId)),
    ),
    organizationFormerSlug: await count(
      db()
        .select()
        .from(organizationFormerSlug)
        .where(eq(organizationFormerSlug.organizationId, target.organizationId)),
    ),
    queuedDeliveries: jobs.length,
  }
}

const everything = {
  organization: 1,
  member: 3,
  invitation: 1,
  site: 1,
  page: 2,
  metadataRevision: 1,
  siteApiKey: 1,
  discoveredPath: 1,
  webhook: 1,
  webhookMessage: 1,
  webhookCall: 1,
  usage: 1,
  subscription: 1,
  organizationFormerSlug: 1,
  queuedDeliveries: 1,
}
/** Acme's two accepted invitations (its admin and member) stay as records, plus the pending one. */
const acmeAll = { ...everything, invitation: 3 }
const globexAll = { ...everything, member: 1 }
const nothing = Object.fromEntries(Object.keys(everything).map((key) => [key, 0]))

/** Acme (owner, admin, member) and Globex, each with one of everything. */
async function twoOrganizations() {
  const cast = await organizationCast(app())
  const gil = await signedUpVisitor(app(), { name: 'Gil', email: 'gil@example.com' })
  await gil.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
  await app().headmark.webhooks.pause()
  const acme = await furnish(cast.owner, 'acme', 'acme.com')
  const globex = await furnish(gil, 'globex', 'globex.com')
  expect(await rowsOf(acme)).toEqual(acmeAll)
  expect(await rowsOf(globex)).toEqual(globexAll)
  return { ...cast, gil, acme, globex }
}

describe('organizations.delete', () => {
  it('deletes everything of the organization and nothing of another', async () => {
    const { owner, acme, globex } = await twoOrganizations()

    expect(
      await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' }),
    ).toEqual({
      ok: true,
    })
    expect(await rowsOf(acme)).toEqual(nothing)
    expect(await rowsOf(globex)).toEqual(globexAll)
    expect(await owner.rpc.auth.getOrganizations()).toEqual([])
    await expect(
      owner.rpc.auth.getOrganization({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    // Its former slug leads nowhere either.
    await expect(
      owner.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme-old' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('asks for the slug typed exactly, and deletes nothing otherwise', async () => {
    const { owner, acme } = await twoOrganizations()
    for (const confirmSlug of ['', 'ACME!', 'acm', 'globex', 'x'.repeat(300)]) {
      const error = await owner.rpc.organizations
        .delete({ organizationSlug: 'acme', confirmSlug })
        .catch((e: unknown) => e)
      expect(error, confirmSlug.slice(0, 20)).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
    }
    const error = await owner.rpc.organizations
      .delete({ organizationSlug: 'acme', confirmSlug: 'globex' })
      .catch((e: unknown) => e)
    expect((error as Error).message).toBe(
      'Type acme to confirm that the organization is to be deleted.',
    )
    expect(await rowsOf(acme)).toEqual(acmeAll)
    // Surrounding spaces from a paste are forgiven.
    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: ' acme ' })
    expect(await rowsOf(acme)).toEqual(nothing)
  })

  it('rolls everything back when a step fails mid-way', async () => {
    const { owner, acme, globex } = await twoOrganizations()
    // A failure deep inside the cascade, after the queue's jobs and the sessions were handled.
    await db().execute(sql`
      create or replace function refuse_call_delete() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`)
    await db().execute(sql`
      create trigger refuse_call_delete before delete on webhook_call
      for each row execute function refuse_call_delete()`)
    try {
      const error = await owner.rpc.organizations
        .delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
        .catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 })
    } finally {
      await db().execute(sql`drop trigger refuse_call_delete on webhook_call`)
      await db().execute(sql`drop function refuse_call_delete()`)
    }
    expect(await rowsOf(acme)).toEqual(acmeAll)
    expect(await rowsOf(globex)).toEqual(globexAll)
  })

  it('stops the public API serving its sites at once', async () => {
    const { owner, acme, globex } = await twoOrganizations()
    for (const dsn of [acme.dsn, globex.dsn]) {
      // Asked twice: the second answer comes from the cache.
      for (let i = 0; i < 2; i++) {
        const response = await rawRequest(server.current.origin, getLatestTarget(dsn, '/pricing'))
        expect(response.status).toBe(200)
      }
    }
    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
    const gone = await rawRequest(server.current.origin, getLatestTarget(acme.dsn, '/pricing'))
    expect(gone.status).toBe(404)
    const kept = await rawRequest(server.current.origin, getLatestTarget(globex.dsn, '/pricing'))
    expect(kept.status).toBe(200)
  })

  it('lets a delivery that was under way end quietly', async () => {
    const { owner, acme, globex } = await twoOrganizations()
    await db().update(webhook).set({ enabled: false }).where(eq(webhook.id, globex.webhookId))
    // The receiver holds Acme's request until the organization is gone.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let arrived: () => void = () => {}
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve
    })
    receiver = await startReceiver(async () => {
      arrived()
      await held
      return new Response('ok')
    })
    await db().update(webhook).set({ url: receiver.url }).where(eq(webhook.id, acme.webhookId))
    const errors = vi.spyOn(console, 'error')
    try {
      await app().headmark.webhooks.resume()
      await arrival
      await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
      release()
      // The attempt finishes: it finds nothing to record its call on, and stops there.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(receiver.requests).toHaveLength(1)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
      release()
    }
    expect(await rowsOf(acme)).toEqual(nothing)
  })

  it('queues no Stripe cancellation when Stripe is not configured', async () => {
    const { owner, acme } = await twoOrganizations()
    // A row Stripe once billed, left from a time the server had Stripe keys.
    await db().insert(subscription).values({
      id: randomUUID(),
      plan: 'team',
      referenceId: acme.organizationId,
      stripeCustomerId: 'cus_acme',
      stripeSubscriptionId: 'sub_acme',
      status: 'active',
    })
    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
    expect(await rowsOf(acme)).toEqual(nothing)
    expect(await app().headmark.billing.jobs()).toEqual([])
  })

  it('is for owners only: admins and members are refused, others get NOT_FOUND', async () => {
    const { admin, member: person, stranger, gil, acme } = await twoOrganizations()
    for (const visitor of [admin, person]) {
      await expect(
        visitor.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 })
    }
    for (const visitor of [stranger, gil]) {
      await expect(
        visitor.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 })
    }
    expect(await rowsOf(acme)).toEqual(acmeAll)
  })
})
