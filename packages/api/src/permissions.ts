import { createAccessControl } from 'better-auth/plugins/access'

// Organization roles, as the product spec defines them. better-auth's own endpoints check these
// same roles (organization plugin `ac`/`roles`), and so does the RPC organization guard.
export const organizationStatements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  // better-auth's "cancel invitation" endpoint asks for `cancel`: it is how a pending invitation
  // is deleted, so whoever may delete invitations holds it too.
  invitation: ['create', 'update', 'delete', 'cancel'],
  team: ['create', 'update', 'delete'],
  // Sites and what configures them (settings, API keys, webhooks). Viewing sites, creating pages
  // and saving metadata need only membership, so they have no statement here.
  site: ['create', 'update', 'delete'],
  // Members see webhooks and their history (never secrets); owners and admins manage them.
  webhook: ['create', 'update', 'delete', 'reveal-secret', 'rotate-secret', 'send'],
  // The organization's plan: choosing, changing and cancelling it is the owners' decision.
  billing: ['update'],
  // The organization's audit log: owners and admins read and export it; members do not.
  auditLog: ['read'],
} as const

export const organizationAccess = createAccessControl(organizationStatements)

const manage = {
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'update', 'delete', 'cancel'],
  team: ['create', 'update', 'delete'],
  site: ['create', 'update', 'delete'],
  webhook: ['create', 'update', 'delete', 'reveal-secret', 'rotate-secret', 'send'],
  auditLog: ['read'],
} as const

export const organizationRoles = {
  owner: organizationAccess.newRole({
    organization: ['update', 'delete'],
    billing: ['update'],
    ...manage,
  }),
  admin: organizationAccess.newRole({ organization: ['update'], ...manage }),
  member: organizationAccess.newRole({}),
}

export type OrganizationRole = keyof typeof organizationRoles

/** A permission request, e.g. `{ organization: ['update'] }` (every listed action is required). */
export type OrganizationPermission = {
  [Resource in keyof typeof organizationStatements]?: Array<
    (typeof organizationStatements)[Resource][number]
  >
}

// Platform roles (better-auth admin plugin), as the product spec defines them.
export const platformStatements = {
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
  session: ['list', 'revoke', 'delete'],
} as const

export const platformAccess = createAccessControl(platformStatements)

export const platformRoles = {
  admin: platformAccess.newRole({
    user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
    session: ['list', 'revoke', 'delete'],
  }),
  user: platformAccess.newRole({}),
}

const rank: Record<OrganizationRole, number> = { member: 0, admin: 1, owner: 2 }

function isOrganizationRole(role: string): role is OrganizationRole {
  return Object.hasOwn(organizationRoles, role)
}

/**
 * The strongest role in a stored member role. better-auth stores several roles as one
 * comma-separated string ("admin,member"); unknown names count as nothing.
 */
export function primaryOrganizationRole(stored: string): OrganizationRole {
  let best: OrganizationRole = 'member'
  for (const name of stored.split(',')) {
    const role = name.trim()
    if (isOrganizationRole(role) && rank[role] > rank[best]) best = role
  }
  return best
}

/** Whether any of the roles in a stored member role grants every action in `permission`. */
export function organizationRoleAllows(
  stored: string,
  permission: OrganizationPermission,
): boolean {
  return stored.split(',').some((name) => {
    const role = name.trim()
    return isOrganizationRole(role) && organizationRoles[role].authorize(permission).success
  })
}
