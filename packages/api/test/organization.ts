import type { TestServer } from './server.ts'
import { signedUpVisitor, type Visitor } from './visitor.ts'

export interface OrganizationCast {
  organization: { id: string; name: string; slug: string }
  owner: Visitor
  admin: Visitor
  member: Visitor
  /** Signed in, but belongs to no organization. */
  stranger: Visitor
}

/** Invites `email` into the organization through better-auth, as `inviter`; returns the invitation id. */
export async function invite(
  inviter: Visitor,
  organizationId: string,
  email: string,
  role: 'admin' | 'member',
): Promise<string> {
  const response = await inviter.post('/api/auth/organization/invite-member', {
    organizationId,
    email,
    role,
  })
  if (!response.ok)
    throw new Error(`Invitation failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/**
 * Acme, with an owner who created it through RPC and an admin and a member who accepted
 * better-auth invitations, plus a signed-in stranger.
 */
export async function organizationCast(server: TestServer): Promise<OrganizationCast> {
  const owner = await signedUpVisitor(server, { name: 'Olive Owner', email: 'owner@example.com' })
  const organization = await owner.rpc.organizations.create({ name: 'Acme', slug: 'acme' })

  const joined: Visitor[] = []
  for (const [role, email] of [
    ['admin', 'admin@example.com'],
    ['member', 'member@example.com'],
  ] as const) {
    const invitationId = await invite(owner, organization.id, email, role)
    const person = await signedUpVisitor(server, { name: `${role} person`, email })
    const accepted = await person.post('/api/auth/organization/accept-invitation', { invitationId })
    if (!accepted.ok)
      throw new Error(`Accepting failed: ${accepted.status} ${await accepted.text()}`)
    joined.push(person)
  }
  const stranger = await signedUpVisitor(server, { name: 'Sam Stranger', email: 'sam@example.com' })
  const [admin, member] = joined as [Visitor, Visitor]
  return { organization, owner, admin, member, stranger }
}
