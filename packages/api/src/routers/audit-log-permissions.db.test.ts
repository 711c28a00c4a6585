import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'

// auditLog.* and the audit log's download × {stranger, member, admin, owner} × {own organization,
// another's}. Owners and admins read their organization's log; members are FORBIDDEN (the log
// names everyone's actions and addresses); strangers and another organization's slug get
// NOT_FOUND, with the guard's one message.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']

const expectedOwn: Record<Role, string> = {
  stranger: 'NOT_FOUND',
  member: 'FORBIDDEN',
  admin: 'ok',
  owner: 'ok',
}

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

/** The download's answer as the RPC codes name it. */
async function download(visitor: Visitor, path: string): Promise<string> {
  const response = await visitor.fetch(path)
  await response.arrayBuffer()
  const codes: Record<number, string> = {
    200: 'ok',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
  }
  return codes[response.status] ?? String(response.status)
}

const cases: Record<string, (visitor: Visitor, slug: string) => Promise<string>> = {
  'auditLog.list': (v, slug) => outcome(v.rpc.auditLog.list({ organizationSlug: slug })),
  'auditLog.listActions': (v, slug) =>
    outcome(v.rpc.auditLog.listActions({ organizationSlug: slug })),
  'GET /api/audit/<org>.csv': (v, slug) => download(v, `/api/audit/${slug}.csv`),
  'GET /api/audit/<org>.jsonl': (v, slug) => download(v, `/api/audit/${slug}.jsonl`),
}

describe('who may read the audit log', () => {
  it.each(Object.entries(cases))('%s', async (_name, call) => {
    const cast = await siteCast(server.current)
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of roles) {
      seen[`${role} own`] = await call(cast[role], 'acme')
      expected[`${role} own`] = expectedOwn[role]
      seen[`${role} other`] = await call(cast[role], 'globex')
      expected[`${role} other`] = 'NOT_FOUND'
    }
    expect(seen).toEqual(expected)
  })

  it('says why a member is refused, and shows Globex none of Acme’s entries', async () => {
    const cast = await siteCast(server.current)
    await expect(cast.member.rpc.auditLog.list({ organizationSlug: 'acme' })).rejects.toMatchObject(
      {
        status: 403,
        message: expect.stringContaining('(member) can not read it; ask an owner or an admin'),
      },
    )
    const globex = await cast.other.owner.rpc.auditLog.list({ organizationSlug: 'globex' })
    expect(globex.events.length).toBeGreaterThan(0)
    expect(globex.events.every((e) => !e.targetLabel.includes('acme'))).toBe(true)
    expect(JSON.stringify(globex.events)).not.toContain('owner@example.com')
  })
})
