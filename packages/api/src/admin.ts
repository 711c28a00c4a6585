import { APIError, getSessionFromCtx } from 'better-auth/api'
import { eq, sql } from 'drizzle-orm'
import type { Database } from './db/client.ts'
import { user } from './db/schema.ts'
import { endMembershipsOf } from './members.ts'

/** The platform role that may use /app/admin and better-auth's /admin/* endpoints. */
export const PLATFORM_ADMIN_ROLE = 'admin'

/** Whether a user's role (better-auth keeps several comma-separated) includes platform admin. */
export function isPlatformAdmin(role: string | null | undefined): boolean {
  return (role ?? '')
    .split(',')
    .map((part) => part.trim())
    .includes(PLATFORM_ADMIN_ROLE)
}

// An impersonated session belongs to the impersonated user, who is usually not an admin: ending
// the impersonation must stay open to them.
const OPEN_ADMIN_PATHS = new Set(['/admin/stop-impersonating'])

/**
 * better-auth `before` hook: every /admin/* endpoint answers 404 Not Found to anyone who is not a
 * platform admin, so the admin surface does not reveal that it exists (better-auth alone would
 * answer 401/403).
 */
export async function hideAdminEndpoints(
  ctx: Parameters<typeof getSessionFromCtx>[0] & { path: string; request?: Request },
) {
  // Server-side `auth.api.*` calls have no request: the plugin's own permission checks apply.
  if (!ctx.request || !ctx.path.startsWith('/admin/') || OPEN_ADMIN_PATHS.has(ctx.path)) return
  const session = await getSessionFromCtx(ctx).catch(() => null)
  if (!session || !isPlatformAdmin((session.user as { role?: string | null }).role)) {
    throw APIError.from('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not Found' })
  }
}

/**
 * better-auth `before` hook, after {@link hideAdminEndpoints}: a platform admin deleting a user
 * (`/admin/remove-user`) ends the user's memberships first, under the organizations' locks, and
 * is refused (400 LAST_OWNER, naming them) while the user is the only owner of organizations:
 * nobody could manage or delete those any more. An admin removing themselves is left to the
 * plugin's own refusal.
 */
export async function keepOwnersOnAdminRemoval(
  ctx: Parameters<typeof getSessionFromCtx>[0] & { path: string; body?: unknown },
  db: Database,
) {
  if (ctx.path !== '/admin/remove-user') return
  const userId = (ctx.body as { userId?: unknown } | undefined)?.userId
  if (typeof userId !== 'string') return
  const session = await getSessionFromCtx(ctx).catch(() => null)
  if (session?.user.id === userId) return
  const owned = await endMembershipsOf(db, userId)
  if (owned.length === 0) return
  const shown = owned.slice(0, 3).map((name) => `“${name}”`)
  const more = owned.length > 3 ? ` and ${owned.length - 3} more` : ''
  throw APIError.from('BAD_REQUEST', {
    code: 'LAST_OWNER',
    message: `This user is the only owner of ${shown.join(', ')}${more}. Make another member an owner, or delete the organization, before deleting the user.`,
  })
}

/**
 * Makes the account with this e-mail a platform admin. Answers false when there is no such
 * account.
 *
 * @example
 * await grantPlatformAdmin(db, 'ops@example.com')
 */
export async function grantPlatformAdmin(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ role: PLATFORM_ADMIN_ROLE })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id })
  return rows.length > 0
}

/** After an e-mail is verified: an address listed in ADMIN_EMAILS becomes a platform admin. */
export async function promoteListedAdmin(
  db: Database,
  adminEmails: readonly string[],
  verified: { email: string },
): Promise<void> {
  if (adminEmails.includes(verified.email.toLowerCase())) {
    await grantPlatformAdmin(db, verified.email)
  }
}
