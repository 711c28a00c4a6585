import { describe, expect, it } from 'vitest'
import { type OrganizationCast, organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'

// The organization settings procedures × {stranger, member, admin, owner} × {own organization,
// another's}. Strangers and another organization's slug get NOT_FOUND (as an unknown slug
// would); roles the spec does not allow get FORBIDDEN; another organization is never changed.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']

interface Cast extends OrganizationCast {
  /** Globex's owner; Acme's people are strangers to Globex. */
  gil: Visitor
}

interface Case {
  /** The roles of Acme allowed to call it on Acme. */
  allowed: Role[]
  /** Calls the procedure on Acme. */
  own(visitor: Visitor): Promise<unknown>
  /** Calls the procedure on Globex. */
  foreign(visitor: Visitor): Promise<unknown>
}

const cases: Record<string, Case> = {
  'organizations.update': {
    allowed: ['admin', 'owner'],
    own: (v) =>
      v.rpc.organizations.update({ organizationSlug: 'acme', name: 'Mine', slug: 'mine' }),
    foreign: (v) =>
      v.rpc.organizations.update({ organizationSlug: 'globex', name: 'Mine', slug: 'mine' }),
  },
  'organizations.delete': {
    allowed: ['owner'],
    own: (v) => v.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' }),
    foreign: (v) =>
      v.rpc.organizations.delete({ organizationSlug: 'globex', confirmSlug: 'globex' }),
  },
  'organizations.getCurrentSlug': {
    allowed: ['member', 'admin', 'owner'],
    // Both organizations moved on from a former slug (see `cast`).
    own: (v) => v.rpc.organizations.getCurrentSlug({ organizationSlug: 'acme-old' }),
    foreign: (v) => v.rpc.organizations.getCurrentSlug({ organizationSlug: 'globex-old' }),
  },
}

async function cast(): Promise<Cast> {
  const acme = await organizationCast(server.current)
  await acme.owner.rpc.organizations.update({ organizationSlug: 'acme', slug: 'acme-old' })
  await acme.owner.rpc.organizations.update({ organizationSlug: 'acme-old', slug: 'acme' })
  const gil = await signedUpVisitor(server.current, { name: 'Gil', email: 'gil@example.com' })
  await gil.rpc.organizations.create({ name: 'Globex', slug: 'globex-old' })
  await gil.rpc.organizations.update({ organizationSlug: 'globex-old', slug: 'globex' })
  return { ...acme, gil }
}

describe.each(Object.entries(cases))('%s', (_name, testCase) => {
  it.each(roles)('%s: own organization as the table says, another’s NOT_FOUND', async (role) => {
    const people = await cast()
    const visitor = people[role]

    const foreign = await testCase.foreign(visitor).catch((e: unknown) => e)
    expect(foreign, 'another organization').toMatchObject({ code: 'NOT_FOUND', status: 404 })
    expect(await people.gil.rpc.auth.getOrganization({ organizationSlug: 'globex' })).toMatchObject(
      { name: 'Globex', slug: 'globex' },
    )

    const own = await testCase.own(visitor).catch((e: unknown) => e)
    if (testCase.allowed.includes(role)) {
      expect(own).not.toBeInstanceOf(Error)
    } else if (role === 'stranger') {
      expect(own).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    } else {
      expect(own).toMatchObject({ code: 'FORBIDDEN', status: 403 })
      // Refused means unchanged.
      expect(
        await people.owner.rpc.auth.getOrganization({ organizationSlug: 'acme' }),
      ).toMatchObject({ name: 'Acme', slug: 'acme' })
    }
  })
})
