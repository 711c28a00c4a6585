import { describe, expect, it } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { Visitor } from '../../test/visitor.ts'

const server = useTestServer()

describe('auth procedures over RPC', () => {
  it('getSession answers an anonymous visitor with no user, over GET', async () => {
    const anonymous = new Visitor(server.current.origin)
    expect(await anonymous.rpc.auth.getSession()).toEqual({})
    expect(anonymous.rpcRequests).toEqual(['GET /api/rpc/auth/getSession'])
  })

  it('getOrganizations lists the caller’s organizations with their role', async () => {
    const { owner, admin, member, stranger, organization } = await organizationCast(server.current)
    await owner.rpc.organizations.create({ name: 'Beta', slug: 'beta' })

    expect((await owner.rpc.auth.getOrganizations()).map((o) => [o.slug, o.role])).toEqual([
      ['acme', 'owner'],
      ['beta', 'owner'],
    ])
    expect(await admin.rpc.auth.getOrganizations()).toEqual([
      {
        id: organization.id,
        name: 'Acme',
        slug: 'acme',
        logo: null,
        role: 'admin',
        createdAt: expect.any(Date),
      },
    ])
    expect((await member.rpc.auth.getOrganizations()).map((o) => o.role)).toEqual(['member'])
    expect(await stranger.rpc.auth.getOrganizations()).toEqual([])
  })

  it('getOrganizations and getOrganization are refused to anonymous visitors', async () => {
    const anonymous = new Visitor(server.current.origin)
    await expect(anonymous.rpc.auth.getOrganizations()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    })
    await expect(
      anonymous.rpc.auth.getOrganization({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('getOrganization loads one organization for its members only', async () => {
    const { member, stranger, organization } = await organizationCast(server.current)
    expect(await member.rpc.auth.getOrganization({ organizationSlug: 'acme' })).toEqual({
      id: organization.id,
      name: 'Acme',
      slug: 'acme',
      logo: null,
      role: 'member',
      createdAt: expect.any(Date),
    })
    expect(member.rpcRequests.at(-1)).toBe('GET /api/rpc/auth/getOrganization')

    const forStranger = stranger.rpc.auth.getOrganization({ organizationSlug: 'acme' })
    await expect(forStranger).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 })
    const unknown = member.rpc.auth.getOrganization({ organizationSlug: 'no-such-org' })
    await expect(unknown).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('"no-such-org" was not found'),
    })
  })
})

describe('the RPC endpoint', () => {
  it('answers an unknown procedure with 404 in the oRPC error shape', async () => {
    const response = await fetch(`${server.current.origin}/api/rpc/auth/noSuchThing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: {} }),
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      json: {
        defined: false,
        code: 'NOT_FOUND',
        status: 404,
        message: expect.stringContaining('"auth/noSuchThing"'),
      },
    })
  })

  it('answers malformed input with 400 and the validation issues', async () => {
    const { member } = await organizationCast(server.current)
    const data = encodeURIComponent(JSON.stringify({ json: { organizationSlug: 42 } }))
    const response = await member.fetch(`/api/rpc/auth/getOrganization?data=${data}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      json: {
        code: 'BAD_REQUEST',
        status: 400,
        message: 'Input validation failed',
        data: { issues: [expect.objectContaining({ path: ['organizationSlug'] })] },
      },
    })
  })
})
