import { describe, expect, it } from 'vitest'
import { siteCast } from '../../test/sites.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'

// The public API serves path rules: a rule's fields for the paths it matches (and not others),
// in order of specificity under the page, and a rule change is served at once (the site's
// cached answers and rules are dropped).

const server = usePublicApiTestServer()
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

async function served(dsn: string, path: string): Promise<Record<string, unknown>> {
  const response = await rawRequest(server.current.origin, getLatestTarget(dsn, path))
  expect(response.status).toBe(200)
  return (JSON.parse(response.body.toString()) as { metadata: Record<string, unknown> }).metadata
}

describe('the public API with path rules', () => {
  it('serves defaults < rules < page for matching paths, and sees every rule change at once', async () => {
    const { owner } = await siteCast(server.current.app)
    await owner.rpc.sites.update({ ...acme, titleTemplate: '%s · Acme' })
    await owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Acme', description: 'Tools' },
    })
    await owner.rpc.pages.create({ ...acme, path: '/blog/launch' })
    await owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/blog/launch',
      baseRevisionId: null,
      metadata: { title: 'Launch' },
    })
    const { dsn } = await owner.rpc.sites.get(acme)
    // Cached before any rule exists.
    expect(await served(dsn, '/blog/x')).toEqual({ title: 'Acme', description: 'Tools' })
    expect(await served(dsn, '/blog/launch')).toEqual({
      title: 'Launch · Acme',
      description: 'Tools',
    })
    const hitsBefore = server.current.api.stats.hits

    const rule = await owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/*',
      metadata: { description: 'From the blog', openGraph: { type: 'article' } },
      titleTemplate: '%s — Acme blog',
    })
    // A path without a page, a page under the rule, and a path the rule does not match.
    expect(await served(dsn, '/blog/x')).toEqual({
      title: 'Acme',
      description: 'From the blog',
      openGraph: { type: 'article' },
    })
    expect(await served(dsn, '/blog/launch')).toEqual({
      title: 'Launch — Acme blog',
      description: 'From the blog',
      openGraph: { type: 'article' },
    })
    expect(await served(dsn, '/about')).toEqual({ title: 'Acme', description: 'Tools' })
    expect(await served(dsn, '/blog/x/y')).toEqual({ title: 'Acme', description: 'Tools' })

    // A more specific rule overlays the broader one; the page still wins.
    await owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/launch',
      metadata: { description: 'The launch' },
    })
    expect(await served(dsn, '/blog/launch')).toMatchObject({ description: 'The launch' })

    const updated = await owner.rpc.pathRules.update({
      ...acme,
      ruleId: rule.id,
      baseRevisionId: rule.currentRevisionId,
      metadata: { description: 'Posts' },
      titleTemplate: null,
    })
    expect(await served(dsn, '/blog/x')).toEqual({ title: 'Acme', description: 'Posts' })
    expect(await served(dsn, '/blog/launch')).toEqual({
      title: 'Launch · Acme',
      description: 'The launch',
    })

    await owner.rpc.pathRules.rename({ ...acme, ruleId: updated.id, pattern: '/news/*' })
    expect(await served(dsn, '/blog/x')).toEqual({ title: 'Acme', description: 'Tools' })
    expect(await served(dsn, '/news/x')).toEqual({ title: 'Acme', description: 'Posts' })

    await owner.rpc.pathRules.delete({ ...acme, ruleId: updated.id })
    expect(await served(dsn, '/news/x')).toEqual({ title: 'Acme', description: 'Tools' })

    // Repeated asks are answered from the cache: rules do not cost a lookup per request.
    const lookups = server.current.api.stats.lookups
    for (let i = 0; i < 5; i++) await served(dsn, '/news/x')
    // (On PostgreSQL the instance also hears its own NOTIFY of the delete, which may drop the
    // site's answers once more while these run.)
    expect(server.current.api.stats.lookups - lookups).toBeLessThanOrEqual(1)
    expect(server.current.api.stats.hits).toBeGreaterThan(hitsBefore)
  })
})
