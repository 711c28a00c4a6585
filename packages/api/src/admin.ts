import { APIError, getSessionFromCtx } from 'better-auth/api'
import { eq, sql } from 'drizzle-orm'
import type { Database } from './db/client.ts'
import { user } from './db/schema.ts'

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
