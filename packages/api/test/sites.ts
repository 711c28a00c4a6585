import { type OrganizationCast, organizationCast } from './organization.ts'
import type { TestServer } from './server.ts'
import { signedUpVisitor, type Visitor } from './visitor.ts'

export interface SiteCast extends OrganizationCast {
  /** acme.com, owned by Acme. */
  site: { id: string; hostname: string; dsn: string }
  /** Another organization (Globex, slug `globex`) with its own site globex.com and page /secret. */
  other: {
    owner: Visitor
    organization: { id: string; slug: string }
    site: { id: string; hostname: string }
    pageId: string
    revisionId: string
  }
}

/**
 * Acme's cast (owner, admin, member, stranger) with the site acme.com, plus Globex, another
 * organization whose site, page and revision Acme's people must never reach.
 */
export async function siteCast(server: TestServer): Promise<SiteCast> {
  const cast = await organizationCast(server)
  // Both organizations' tests add sites, pages and webhooks freely: a plan without those limits.
  await cast.owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'business' })
  const site = await cast.owner.rpc.sites.create({
    organizationSlug: 'acme',
    name: 'Acme',
    hostname: 'acme.com',
  })
  const otherOwner = await signedUpVisitor(server, {
    name: 'Gil Globex',
    email: 'gil@globex.example',
  })
  const organization = await otherOwner.rpc.organizations.create({
    name: 'Globex',
    slug: 'globex',
  })
  await otherOwner.rpc.billing.subscribe({ organizationSlug: 'globex', planId: 'business' })
  const otherSite = await otherOwner.rpc.sites.create({
    organizationSlug: 'globex',
    name: 'Globex',
    hostname: 'globex.com',
  })
  const otherPage = await otherOwner.rpc.pages.create({
    organizationSlug: 'globex',
    siteHostname: 'globex.com',
    path: '/secret',
  })
  const revision = await otherOwner.rpc.metadataRevisions.save({
    organizationSlug: 'globex',
    siteHostname: 'globex.com',
    pagePath: '/secret',
    baseRevisionId: null,
    metadata: { title: 'Globex secret' },
  })
  return {
    ...cast,
    site,
    other: {
      owner: otherOwner,
      organization,
      site: otherSite,
      pageId: otherPage.id,
      revisionId: revision.id,
    },
  }
}
