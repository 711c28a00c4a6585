import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

export type Member = Awaited<ReturnType<RpcClient['members']['list']>>[number]
export type OrganizationInvitation = Awaited<
  ReturnType<RpcClient['members']['listInvitations']>
>[number]
export type Role = Member['role']

export const membersQuery = (organizationSlug: string) =>
  orpc.members.list.queryOptions({ input: { organizationSlug } })

export const organizationInvitationsQuery = (organizationSlug: string) =>
  orpc.members.listInvitations.queryOptions({ input: { organizationSlug } })

export const roleLabel: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' }

/**
 * What the signed-in person may do to someone with role `target` (or to an invitation for that
 * role), as the server decides it: owners and admins manage members and invitations; only owners
 * make, change or remove owners.
 */
export function mayManage(myRole: Role, target: Role): boolean {
  return myRole === 'owner' || (myRole === 'admin' && target !== 'owner')
}

/** The roles `myRole` may give. */
export function assignableRoles(myRole: Role): Role[] {
  return myRole === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin']
}

/** After a change to who belongs to an organization: members, invitations and the dashboards. */
export async function invalidateMembership(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orpc.members.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.invitations.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.auth.getOrganizations.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.auth.getOrganization.key() }),
  ])
}
