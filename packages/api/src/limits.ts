import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from './db/client.ts'
import { rateLimit } from './db/schema.ts'

/** A fixed window: at most `max` events per `windowSeconds`. */
export interface Limit {
  max: number
  windowSeconds: number
}

/** How long the longest of Headmark's own windows lasts; better-auth prunes older rows. */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60

/** Per-account and per-user limits, kept in better-auth's rate_limit table (keys never collide). */
export const limits = {
  /** Failed passwords for one account, whoever tries them. */
  failedSignIns: { max: 5, windowSeconds: 15 * 60 },
  /** Sign-in links and verification e-mails to one address. */
  emailsPerAddress: { max: 5, windowSeconds: 60 * 60 },
  /** Invitations sent by one person. */
  invitationsPerUser: { max: 30, windowSeconds: LONGEST_WINDOW_SECONDS },
  /** E-mails of one invitation sent again. */
  invitationResends: { max: 3, windowSeconds: 60 * 60 },
  /** Organizations created by one person. */
  organizationsPerUser: { max: 10, windowSeconds: LONGEST_WINDOW_SECONDS },
  /** Contact-form messages from one client address. */
  contactPerAddress: { max: 5, windowSeconds: 60 * 60 },
  /**
   * Analytics requests (/ingest) from one client address: posthog-js sends a batch every few
   * seconds per tab, so this allows dozens of tabs behind one address.
   */
  ingestPerAddress: { max: 600, windowSeconds: 60 },
  /** Tool calls of one agent connection (the MCP server): a busy audit, not a scraper. */
  mcpCallsPerConnection: { max: 120, windowSeconds: 60 },
} as const satisfies Record<string, Limit>

/**
 * Counts one event under `key` and says whether it is within `limit`; atomic (one upsert), so
 * concurrent requests and several server instances share the count, which survives restarts.
 */
export async function consumeLimit(
  db: Database,
  key: string,
  limit: Limit,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const now = Date.now()
  const windowStart = now - limit.windowSeconds * 1000
  const expired = sql`${rateLimit.lastRequest} < ${windowStart}`
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
  const count = row?.count ?? 1
  const started = Number(row?.lastRequest ?? now)
  return {
    allowed: count <= limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((started + limit.windowSeconds * 1000 - now) / 1000)),
  }
}

/** Forgets the events counted under `key` (after a successful sign-in, for instance). */
export async function resetLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key))
}

/** "15 minutes", "1 hour": how long to wait, for messages. */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`
  return `${Math.ceil(seconds / 3600)} hours`
}
