import { ORPCError } from '@orpc/server'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor } from '../../test/visitor.ts'
import { page, site, webhook } from '../db/schema.ts'
import { getPlan } from './plans.ts'

// Over a quota, creating more is refused with QUOTA_EXCEEDED (403) naming the quota, the plan and
// the billing page; check and insert share a transaction with a lock, so concurrent creates at the
// limit never go past it.

const server = useTestServer()
const db = () => server.current.headmark.db

async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof ORPCError) {
      return { code: error.code, status: error.status, message: error.message, data: error.data }
    }
    throw error
  }
  throw new Error('Expected a refusal, the call succeeded.')
}

async function ownerOf(slug: string) {
  const owner = await signedUpVisitor(server.current, {
    name: 'Olive Owner',
    email: `${slug}@example.com`,
  })
  const organization = await owner.rpc.organizations.create({ name: 'Acme', slug })
  return { owner, organization }
}

const countOf = async (table: typeof site | typeof page | typeof webhook, where: unknown) => {
  const [row] = await db()
    .select({ n: count() })
    .from(table as typeof site)
    .where(where as never)
  return Number(row?.n ?? 0)
}

describe('site quota', () => {
  it('without a plan, the Free plan allows one site: the second is refused with a way out', async () => {
    const { owner, organization } = await ownerOf('acme')
    await owner.rpc.sites.create({ organizationSlug: 'acme', name: 'One', hostname: 'one.com' })
    const refused = await refusal(
      owner.rpc.sites.create({ organizationSlug: 'acme', name: 'Two', hostname: 'two.com' }),
    )
    expect(refused).toEqual({
      code: 'QUOTA_EXCEEDED',
      status: 403,
      message:
        "Without a plan, an organization gets the Free plan's 1 site per organization, and this one is at the limit. No site was added. Choose a plan on the Billing page: /app/organizations/acme/billing",
      data: {
        quota: 'sites',
        limit: 1,
        planId: 'free',
        billingPath: '/app/organizations/acme/billing',
      },
    })
    expect(await countOf(site, eq(site.organizationId, organization.id))).toBe(1)
    // A hostname it already has is still a CONFLICT on its field, not a quota.
    expect(
      (
        await refusal(
          owner.rpc.sites.create({ organizationSlug: 'acme', name: 'Again', hostname: 'ONE.com' }),
        )
      ).code,
    ).toBe('CONFLICT')
  })

  it('follows the plan: Starter allows three; upgrading lets the fourth in', async () => {
    const { owner, organization } = await ownerOf('acme')
    await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'starter' })
    for (const n of [1, 2, 3]) {
      await owner.rpc.sites.create({
        organizationSlug: 'acme',
        name: `S${n}`,
        hostname: `s${n}.com`,
      })
    }
    const refused = await refusal(
      owner.rpc.sites.create({ organizationSlug: 'acme', name: 'S4', hostname: 's4.com' }),
    )
    expect(refused.message).toBe(
      'The Starter plan allows 3 sites per organization, and this one is at the limit. No site was added. Upgrade on the Billing page: /app/organizations/acme/billing',
    )
    await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'team' })
    await owner.rpc.sites.create({ organizationSlug: 'acme', name: 'S4', hostname: 's4.com' })
    expect(await countOf(site, eq(site.organizationId, organization.id))).toBe(4)
  })

  it('lets exactly one of many concurrent creates at the limit through', async () => {
    const { owner, organization } = await ownerOf('acme')
    await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'starter' })
    await owner.rpc.sites.create({ organizationSlug: 'acme', name: 'S1', hostname: 's1.com' })
    await owner.rpc.sites.create({ organizationSlug: 'acme', name: 'S2', hostname: 's2.com' })
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) =>
        owner.rpc.sites.create({ organizationSlug: 'acme', name: `C${n}`, hostname: `c${n}.com` }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') {
        expect((result.reason as ORPCError<string, unknown>).code).toBe('QUOTA_EXCEEDED')
      }
    }
    expect(await countOf(site, eq(site.organizationId, organization.id))).toBe(3)
  })

  it('measures each organization on its own', async () => {
    const acme = await ownerOf('acme')
    const globex = await ownerOf('globex')
    await acme.owner.rpc.sites.create({ organizationSlug: 'acme', name: 'A', hostname: 'a.com' })
    await globex.owner.rpc.sites.create({
      organizationSlug: 'globex',
      name: 'G',
      hostname: 'g.com',
    })
    expect(await countOf(site, eq(site.organizationId, globex.organization.id))).toBe(1)
  })
})

describe('page quota', () => {
  const limit = getPlan('free').quotas.pagesPerSite as number

  async function siteAtLimit() {
    const setup = await ownerOf('acme')
    const created = await setup.owner.rpc.sites.create({
      organizationSlug: 'acme',
      name: 'Acme',
      hostname: 'acme.com',
    })
    // The defaults page (path null) does not count: fill the site up to the limit.
    await db()
      .insert(page)
      .values(
        Array.from({ length: limit - 1 }, (_, n) => ({
          id: `p${n}`,
          siteId: created.id,
          path: `/p${n}`,
        })),
      )
    return { ...setup, siteId: created.id }
  }

  it('refuses the page past the Free plan’s limit per site, and pages of another site are not counted', async () => {
    const { owner, siteId } = await siteAtLimit()
    const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    await owner.rpc.pages.create({ ...ref, path: '/last' })
    const refused = await refusal(owner.rpc.pages.create({ ...ref, path: '/one-more' }))
    expect(refused.code).toBe('QUOTA_EXCEEDED')
    expect(refused.status).toBe(403)
    expect(refused.message).toBe(
      `Without a plan, an organization gets the Free plan's ${limit} pages per site, and this one is at the limit. No page was added. Choose a plan on the Billing page: /app/organizations/acme/billing`,
    )
    expect(await countOf(page, eq(page.siteId, siteId))).toBe(limit + 1)
    expect((await refusal(owner.rpc.pages.create({ ...ref, path: '/last' }))).code).toBe('CONFLICT')

    // Editing existing pages, including saving their first revision, keeps working.
    await owner.rpc.metadataRevisions.save({
      ...ref,
      pagePath: '/last',
      baseRevisionId: null,
      metadata: { title: 'Still editable' },
    })
    await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'starter' })
    await owner.rpc.pages.create({ ...ref, path: '/one-more' })
  })

  it('lets exactly one of concurrent page creates at the limit through', async () => {
    const { owner, siteId } = await siteAtLimit()
    const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) => owner.rpc.pages.create({ ...ref, path: `/race-${n}` })),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await countOf(page, eq(page.siteId, siteId))).toBe(limit + 1)
  })
})

describe('webhook quota', () => {
  it('refuses a second webhook on a Free site, concurrently too', async () => {
    const { owner } = await ownerOf('acme')
    const created = await owner.rpc.sites.create({
      organizationSlug: 'acme',
      name: 'Acme',
      hostname: 'localhost',
    })
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, n) =>
        owner.rpc.webhooks.create({
          organizationSlug: 'acme',
          siteHostname: 'localhost',
          url: `http://localhost:1/hook-${n}`,
        }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect((refused.reason as ORPCError<string, unknown>).message).toBe(
      "Without a plan, an organization gets the Free plan's 1 webhook per site, and this one is at the limit. No webhook was added. Choose a plan on the Billing page: /app/organizations/acme/billing",
    )
    expect(await countOf(webhook, eq(webhook.siteId, created.id))).toBe(1)
  })
})
