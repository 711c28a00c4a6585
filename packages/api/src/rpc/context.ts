import type { Auth, AuthSession } from '../auth.ts'
import type { BillingJobs } from '../billing/cancellations.ts'
import type { Database } from '../db/client.ts'
import type { CoreEvents } from '../domain/events.ts'
import type { ServerEnv } from '../env.ts'
import type { DriftChecks } from '../health/drift.ts'
import type { ImportService } from '../imports/service.ts'
import type { Mailer } from '../mailer.ts'
import type { WebhookService } from '../webhooks/worker.ts'

/** What every procedure receives. */
export interface Context {
  /** The server's validated configuration (e.g. production refuses `localhost` sites). */
  env: ServerEnv
  db: Database
  auth: Auth
  /** Where the core announces saved revisions and changed sites (webhooks, public API cache). */
  events: CoreEvents
  /** Webhook delivery: queues attempts, reads the queue, seals secrets, follows calls live. */
  webhooks: WebhookService
  /** Billing's background work: cancelling a deleted organization's Stripe subscriptions. */
  billing: BillingJobs
  /** Imports of live sites' pages (durable jobs) and the crawler they use. */
  imports: ImportService
  /** Drift checks of sites' pages, as queue jobs. */
  drift: DriftChecks
  /** Sends e-mails (invitations). */
  mailer: Mailer
  /** The request's headers: better-auth reads the session cookie from them. */
  headers: Headers
  /**
   * The signed-in session. Leave it out and it is resolved from `headers` the first time a
   * procedure needs it; pass it when the caller already has it (e.g. during SSR).
   */
  session?: AuthSession | null
  /**
   * Set when an agent calls (the MCP server, through its person's connection): the procedure
   * runs as the person, and what it records names the agent (audit log, change requests).
   */
  agent?: { connectionId: string; clientName: string }
  /** Whether per-user limits apply (organizations created per day…); off only in tests. */
  rateLimit?: boolean
}
