import { createRouterClient } from '@orpc/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { Visitor } from '../../test/visitor.ts'
import { organizationProcedure } from './organization-guard.ts'

const server = useTestServer()

// Stand-ins for procedures later issues add (renaming, deleting an organization).
const guardedRouter = {
  rename: organizationProcedure({ organization: ['update'] })
    .input(z.object({ organizationSlug: z.string(), name: z.string() }))
    .handler(({ context, input }) => `${context.organization.name} → ${input.name}`),
  remove: organizationProcedure({ organization: ['delete'] })
    .input(z.object({ organizationSlug: z.string() }))
    .handler(({ context }) => context.membership.role),
}

async function clientFor(visitor: Visitor) {
  const context = await server.current.headmark.createContext(new Headers(visitor.headers()))
  return createRouterClient(guardedRouter, { context })
}

describe('organization guard', () => {
  it('lets a role through when it holds the permission', async () => {
    const { owner, admin } = await organizationCast(server.current)
    const asOwner = await clientFor(owner)
    expect(await asOwner.rename({ organizationSlug: 'acme', name: 'Acme 2' })).toBe('Acme → Acme 2')
    expect(await asOwner.remove({ organizationSlug: 'acme' })).toBe('owner')
    expect(await (await clientFor(admin)).rename({ organizationSlug: 'acme', name: 'A' })).toBe(
      'Acme → A',
    )
  })

  it('answers FORBIDDEN, with the reason, to a member whose role lacks the permission', async () => {
    const { admin, member } = await organizationCast(server.current)
    await expect(
      (await clientFor(member)).rename({ organizationSlug: 'acme', name: 'Mine now' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message:
        'You are not allowed to access resource: organization. Your role in Acme (member) can not update it; ask an owner or an admin.',
    })
    await expect(
      (await clientFor(admin)).remove({ organizationSlug: 'acme' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('(admin) can not delete it'),
    })
  })

  it('answers NOT_FOUND, with one message, to strangers and for unknown slugs', async () => {
    const { stranger, owner } = await organizationCast(server.current)
    const strangers = await (
      await clientFor(stranger)
    )
      .rename({ organizationSlug: 'acme', name: 'x' })
      .catch((e: unknown) => e)
    const unknown = await (
      await clientFor(owner)
    )
      .rename({ organizationSlug: 'nope', name: 'x' })
      .catch((e: unknown) => e)
    expect(strangers).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    expect((strangers as Error).message.replace('acme', 'nope')).toBe((unknown as Error).message)
  })

  it('answers UNAUTHORIZED to anonymous callers before looking anything up', async () => {
    await organizationCast(server.current)
    const anonymous = await clientFor(new Visitor(server.current.origin))
    await expect(anonymous.rename({ organizationSlug: 'acme', name: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
  })

  it('answers BAD_REQUEST with the issue when organizationSlug is missing', async () => {
    const { owner } = await organizationCast(server.current)
    const client = await clientFor(owner)
    // @ts-expect-error: the slug is deliberately missing
    await expect(client.remove({})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { issues: [expect.objectContaining({ path: ['organizationSlug'] })] },
    })
  })
})
