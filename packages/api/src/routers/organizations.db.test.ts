import { createRouterClient, ORPCError } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, Visitor } from '../../test/visitor.ts'
import { member, organization } from '../db/schema.ts'
import { router } from '../router.ts'

const server = useTestServer()

describe('organizations.create', () => {
  it('creates the organization with the caller as its owner', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const created = await ada.rpc.organizations.create({ name: ' Acme Inc. ', slug: 'acme' })
    expect(created).toEqual({ id: expect.any(String), name: 'Acme Inc.', slug: 'acme' })

    expect(await ada.rpc.auth.getOrganizations()).toEqual([
      {
        id: created.id,
        name: 'Acme Inc.',
        slug: 'acme',
        logo: null,
        role: 'owner',
        createdAt: expect.any(Date),
      },
    ])
    expect(ada.rpcRequests.at(-1)).toBe('GET /api/rpc/auth/getOrganizations')
    expect(ada.rpcRequests).toContain('POST /api/rpc/organizations/create')
  })

  it('answers CONFLICT for a taken slug and writes nothing', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const bob = await signedUpVisitor(server.current, { name: 'Bob', email: 'bob@example.com' })
    await ada.rpc.organizations.create({ name: 'Acme', slug: 'acme' })

    const error = await bob.rpc.organizations
      .create({ name: 'Acme too', slug: 'acme' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ORPCError)
    expect(error).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'The slug "acme" is already taken.',
    })
    expect(await bob.rpc.auth.getOrganizations()).toEqual([])
    const { db } = server.current.headmark
    expect(await db.select().from(organization)).toHaveLength(1)
    expect(await db.select().from(member)).toHaveLength(1)
  })

  it('never leaves an organization without its owner when the owner can not be added', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const context = await server.current.headmark.createContext(new Headers(ada.headers()))
    const session = await context.auth.api.getSession({ headers: context.headers })
    if (!session) throw new Error('expected a session')
    // A session whose user no longer exists: inserting the owner membership fails.
    const ghost = { ...session, user: { ...session.user, id: 'deleted-user' } }
    const client = createRouterClient(router, { context: { ...context, session: ghost } })

    await expect(client.organizations.create({ name: 'Ghost', slug: 'ghost' })).rejects.toThrow()
    const { db } = server.current.headmark
    expect(await db.select().from(organization).where(eq(organization.slug, 'ghost'))).toEqual([])
  })

  it('rejects a malformed slug with a message that says what is allowed', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    for (const slug of ['Acme', 'a', 'acme_inc', '-acme', 'x'.repeat(49)]) {
      const error = await ada.rpc.organizations.create({ name: 'Acme', slug }).catch((e) => e)
      expect(error, slug).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
    }
    const response = await ada.post('/api/rpc/organizations/create', {
      json: { name: 'Acme', slug: 'Acme Inc' },
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as {
      json: { message: string; data: { issues: Array<{ path: string[]; message: string }> } }
    }
    expect(body.json.message).toBe('Input validation failed')
    expect(body.json.data.issues).toEqual([
      expect.objectContaining({
        path: ['slug'],
        message:
          'Use lowercase letters, digits and single hyphens, starting and ending with a letter or digit.',
      }),
    ])
  })

  it('keeps slugs that clash with app routes free', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const error = await ada.rpc.organizations
      .create({ name: 'Create', slug: 'create' })
      .catch((e) => e)
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      data: { issues: [expect.objectContaining({ message: expect.stringMatching(/reserved/) })] },
    })
  })

  it('is refused to anonymous callers', async () => {
    const anonymous = new Visitor(server.current.origin)
    await expect(
      anonymous.rpc.organizations.create({ name: 'Acme', slug: 'acme' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401, message: 'Sign in to continue.' })
  })

  it('is refused over GET: mutations are POST only', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const data = encodeURIComponent(JSON.stringify({ json: { name: 'Acme', slug: 'acme' } }))
    const response = await ada.fetch(`/api/rpc/organizations/create?data=${data}`)
    expect(response.status).toBe(405)
    expect(await server.current.headmark.db.select().from(organization)).toEqual([])
  })
})

describe('organizations.suggestSlug', () => {
  it('slugifies the name and appends -2, -3… until the slug is free', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    expect(await ada.rpc.organizations.suggestSlug({ name: 'Café Olé & Co.' })).toEqual({
      slug: 'cafe-ole-co',
    })
    await ada.rpc.organizations.create({ name: 'Acme', slug: 'acme' })
    expect(await ada.rpc.organizations.suggestSlug({ name: 'ACME' })).toEqual({ slug: 'acme-2' })
    await ada.rpc.organizations.create({ name: 'Acme', slug: 'acme-2' })
    expect(await ada.rpc.organizations.suggestSlug({ name: 'acme' })).toEqual({ slug: 'acme-3' })
    expect(ada.rpcRequests.at(-1)).toBe('GET /api/rpc/organizations/suggestSlug')
  })
})
