import type { Organization } from './queries.ts'

/**
 * What the signed-in user may do to the organization itself: owners and admins change its name
 * and slug, only owners delete it. The server enforces the same rules; screens use them to hide
 * what would be refused.
 */
export function organizationAccess(role: Organization['role']): {
  canUpdate: boolean
  canDelete: boolean
} {
  return { canUpdate: role === 'owner' || role === 'admin', canDelete: role === 'owner' }
}
