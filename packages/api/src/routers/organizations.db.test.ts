import { createRouterClient, ORPCError } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { edgeRefusal, hostileLengths, hostileTexts } from '../../test/corpus.ts'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, Visitor } from '../../test/visitor.ts'
import { member, organization, organizationFormerSlug } from '../db/schema.ts'
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

const notFound = (slug: string) => ({
  code: 'NOT_FOUND',
  status: 404,
  message: `Organization "${slug}" was not found among your organizations. Check the address, or ask one of its owners to invite you.`,
})

describe('organizations.update', () => {
  it('renames the organization and moves it to a new slug; the old slug leads its members there', async () => {
    const {
      owner,
      member: person,
      stranger,
      organization: acme,
    } = await organizationCast(server.current)
    const updated = await owner.rpc.organizations.update({
      organizationSlug: 'acme',
      name: '  Acme Ltd ',
      slug: 'acme-ltd',
    })
    expect(updated).toEqual({ id: acme.id, name: 'Acme Ltd', slug: 'acme-ltd' })
    expect(await person.rpc.auth.getOrganization({ organizationSlug: 'acme-ltd' })).toMatchObject({
      name: 'Acme Ltd',
      role: 'member',
    })
    // The old slug is no organization any more…
    await expect(
      person.rpc.auth.getOrganization({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject(notFound('acme'))
    // …but it tells a member where the organization went, and a stranger nothing.
    expect(await person.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme' })).toEqual({
      slug: 'acme-ltd',
    })
    expect(person.rpcRequests.at(-1)).toBe('GET /api/rpc/organizations/getCurrentSlug')
    await expect(
      stranger.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject(notFound('acme'))
    await expect(
      stranger.rpc.organizations.getCurrentSlug({ organizationSlug: 'never-was' }),
    ).rejects.toMatchObject(notFound('never-was'))
  })

  it('changes only what is given', async () => {
    const { admin } = await organizationCast(server.current)
    expect(
      await admin.rpc.organizations.update({ organizationSlug: 'acme', name: 'Acme 2' }),
    ).toMatchObject({
      name: 'Acme 2',
      slug: 'acme',
    })
    expect(
      await admin.rpc.organizations.update({ organizationSlug: 'acme', slug: 'acme-2' }),
    ).toMatchObject({
      name: 'Acme 2',
      slug: 'acme-2',
    })
    // Keeping the slug it has is no change, and leaves no former slug behind.
    await admin.rpc.organizations.update({ organizationSlug: 'acme-2', slug: 'acme-2' })
    const former = await server.current.headmark.db.select().from(organizationFormerSlug)
    expect(former.map((row) => row.slug)).toEqual(['acme'])
  })

  it('answers CONFLICT for a slug another organization uses, and changes nothing', async () => {
    const { owner } = await organizationCast(server.current)
    const gil = await signedUpVisitor(server.current, { name: 'Gil', email: 'gil@example.com' })
    await gil.rpc.organizations.create({ name: 'Globex', slug: 'globex' })

    const error = await owner.rpc.organizations
      .update({ organizationSlug: 'acme', name: 'Renamed', slug: 'globex' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'The slug "globex" is already taken.',
    })
    expect(await owner.rpc.auth.getOrganization({ organizationSlug: 'acme' })).toMatchObject({
      name: 'Acme',
    })
    expect(await server.current.headmark.db.select().from(organizationFormerSlug)).toEqual([])
  })

  it('holds name and slug to the rules of create', async () => {
    const { owner } = await organizationCast(server.current)
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ slug: 'create' }, /reserved/],
      [{ slug: 'Acme' }, /lowercase letters/],
      [{ slug: 'a' }, /at least 3/],
      [{ slug: 'acme_inc' }, /lowercase letters/],
      [{ slug: '-acme' }, /lowercase letters/],
      [{ slug: 'x'.repeat(49) }, /at most 48/],
      [{ name: '   ' }, /Give the organization a name/],
      [{ name: 'x'.repeat(101) }, /at most 100/],
    ]
    for (const [change, message] of cases) {
      const error = await owner.rpc.organizations
        .update({ organizationSlug: 'acme', ...change })
        .catch((e: unknown) => e)
      expect(error, JSON.stringify(change)).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
      expect((error as Error).message, JSON.stringify(change)).toMatch(message)
    }
    expect(await owner.rpc.auth.getOrganization({ organizationSlug: 'acme' })).toMatchObject({
      name: 'Acme',
      slug: 'acme',
    })
  })

  it('follows a chain of slugs, and a slug taken back is live again', async () => {
    const { owner, member: person } = await organizationCast(server.current)
    await owner.rpc.organizations.update({ organizationSlug: 'acme', slug: 'acme-b' })
    await owner.rpc.organizations.update({ organizationSlug: 'acme-b', slug: 'acme-c' })
    for (const old of ['acme', 'acme-b']) {
      expect(await person.rpc.organizations.getCurrentSlug({ organizationSlug: old })).toEqual({
        slug: 'acme-c',
      })
    }
    await owner.rpc.organizations.update({ organizationSlug: 'acme-c', slug: 'acme' })
    await expect(
      person.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject(notFound('acme'))
    expect(await person.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme-c' })).toEqual({
      slug: 'acme',
    })
    const former = await server.current.headmark.db.select().from(organizationFormerSlug)
    expect(former.map((row) => row.slug).sort()).toEqual(['acme-b', 'acme-c'])
  })

  it('lets another organization take a former slug: the live slug wins', async () => {
    const { owner, member: person } = await organizationCast(server.current)
    await owner.rpc.organizations.update({ organizationSlug: 'acme', slug: 'acme-ltd' })
    const gil = await signedUpVisitor(server.current, { name: 'Gil', email: 'gil@example.com' })
    const taken = await gil.rpc.organizations.create({ name: 'Other Acme', slug: 'acme' })

    // Acme's member no longer gets redirected, and does not reach the other organization.
    await expect(
      person.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject(notFound('acme'))
    await expect(
      person.rpc.auth.getOrganization({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject(notFound('acme'))
    expect(await gil.rpc.auth.getOrganization({ organizationSlug: 'acme' })).toMatchObject({
      id: taken.id,
    })

    // When the other organization moves on, each side's members follow their own organization.
    await gil.rpc.organizations.update({ organizationSlug: 'acme', slug: 'other-acme' })
    expect(await person.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme' })).toEqual({
      slug: 'acme-ltd',
    })
    expect(await gil.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme' })).toEqual({
      slug: 'other-acme',
    })
  })

  it('stores hostile names exactly, and refuses hostile slugs with a 400, never a 500', async () => {
    const { owner } = await organizationCast(server.current)
    let slug = 'acme'
    for (const text of [...hostileTexts(), ...hostileLengths().map((n) => 'n'.repeat(n))]) {
      const named = await owner.rpc.organizations
        .update({ organizationSlug: slug, name: text })
        .catch((e: unknown) => e)
      const label = JSON.stringify(text).slice(0, 40)
      const refusal = edgeRefusal(text)
      if (refusal) {
        expect(named, label).toMatchObject(refusal)
      } else if (text.trim() === '' || text.trim().length > 100) {
        expect(named, label).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
      } else if (named instanceof Error) {
        // Only what PostgreSQL can not store is refused, with a message.
        expect(named, label).toMatchObject({ status: 400 })
      } else {
        expect(named, label).toMatchObject({ name: text.trim() })
        expect((await owner.rpc.auth.getOrganization({ organizationSlug: slug })).name).toBe(
          text.trim(),
        )
      }

      const moved = await owner.rpc.organizations
        .update({ organizationSlug: slug, slug: text })
        .catch((e: unknown) => e)
      if (moved instanceof Error) {
        expect(moved, label).toMatchObject({
          status: expect.toSatisfy((s: number) => s === 400 || s === 413),
        })
      } else {
        // A hostile string that happens to be a valid slug (e.g. "null") is just a slug.
        const { slug: next } = moved as { slug: string }
        expect(next).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        slug = next
      }
    }
    expect(await owner.rpc.auth.getOrganizations()).toHaveLength(1)
  })
})

describe('better-auth’s own organization settings endpoints', () => {
  it('are closed: updates and deletions go through organizations.update and organizations.delete', async () => {
    const { owner, admin, organization: acme } = await organizationCast(server.current)
    for (const data of [{ name: 'Bypass' }, { slug: 'create' }, { slug: 'bypass' }]) {
      for (const visitor of [owner, admin]) {
        const response = await visitor.post('/api/auth/organization/update', {
          organizationId: acme.id,
          data,
        })
        expect(response.status).toBe(404)
      }
    }
    const deleted = await owner.post('/api/auth/organization/delete', { organizationId: acme.id })
    expect(deleted.status).toBe(404)
    expect(await owner.rpc.auth.getOrganization({ organizationSlug: 'acme' })).toMatchObject({
      name: 'Acme',
      slug: 'acme',
    })
    // Server-side calls are refused too.
    await expect(
      server.current.headmark.auth.api.updateOrganization({
        body: { organizationId: acme.id, data: { slug: 'bypass' } },
        headers: new Headers(owner.headers()),
      }),
    ).rejects.toMatchObject({ statusCode: 404 })
  })
})
