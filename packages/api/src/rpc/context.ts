import type { Auth, AuthSession } from '../auth.ts'
import type { Database } from '../db/client.ts'

/** What every procedure receives. */
export interface Context {
  db: Database
  auth: Auth
  /** The request's headers: better-auth reads the session cookie from them. */
  headers: Headers
  /**
   * The signed-in session. Leave it out and it is resolved from `headers` the first time a
   * procedure needs it; pass it when the caller already has it (e.g. during SSR).
   */
  session?: AuthSession | null
  /** Whether per-user limits apply (organizations created per day…); off only in tests. */
  rateLimit?: boolean
}
