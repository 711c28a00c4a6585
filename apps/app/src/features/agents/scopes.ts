import type { AgentScope } from './queries.ts'

/** Each scope as the consent screen and the connections list name and explain it. */
export const SCOPE_TEXT: Record<AgentScope, { label: string; description: string }> = {
  read: {
    label: 'Read',
    description: 'See the sites, their pages, metadata, revisions and check results.',
  },
  propose: {
    label: 'Propose changes',
    description:
      'Open change requests with drafted metadata. It never publishes: a person reviews and publishes them.',
  },
  checks: {
    label: 'Run checks',
    description: 'Run drift checks that compare what the sites serve with what Headmark intends.',
  },
}

/** Roles that may draft metadata, and so may let an agent propose changes. */
const EDITING_ROLES = new Set(['owner', 'admin', 'member'])

/**
 * Why the person may not let an agent propose changes in an organization (their role there may
 * not edit metadata), or null when they may.
 */
export function proposeRefusal(role: string): string | null {
  const roles = role.split(',').map((name) => name.trim())
  return roles.some((name) => EDITING_ROLES.has(name))
    ? null
    : `Your role in this organization (${role}) may not edit metadata, so an agent connected by you may not propose changes there.`
}

/** A role as a person reads it: "owner" → "Owner". */
export const roleLabel = (role: string) =>
  role
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => name.charAt(0).toUpperCase() + name.slice(1))
    .join(', ')
