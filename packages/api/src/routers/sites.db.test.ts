import { describe, expect, it } from 'vitest'
import { siteCast } from '../../test/sites.ts'
import { useTestServer } from '../../test/server.ts'

const server = useTestServer()

describe('sites', () => {
  it('creates, lists, gets, updates and deletes a site', async () => {
    const { owner, member } = await siteCast(server.current)
    const created = await owner.rpc.sites.create({
      organizationSlug: 'acme',
      name: 'Blog',
      hostname: 'https://Blog.Acme.COM/x',
    })
    expect(created).toMatchObject({ hostname: 'blog.acme.com', pageCount: 0, lastChangedAt: null })
    const list = await member.rpc.sites.list({ organizationSlug: 'acme' })
    expect(list.map((s) => s.hostname)).toEqual(['acme.com', 'blog.acme.com'])
    const page = await owner.rpc.pages.create({
      organizationSlug: 'acme',
      siteHostname: 'blog.acme.com',
      path: 'hello/',
    })
    expect(page.path).toBe('/hello')
    const listed = await member.rpc.pages.list({
      organizationSlug: 'acme',
      siteHostname: 'blog.acme.com',
    })
    expect(listed.items.map((p) => p.path)).toEqual(['/hello'])
    const got = await member.rpc.pages.get({
      organizationSlug: 'acme',
      siteHostname: 'blog.acme.com',
      pagePath: '/hello',
    })
    expect(got.site.pageCount).toBe(1)
  })
})
