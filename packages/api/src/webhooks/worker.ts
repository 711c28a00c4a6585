import { randomBytes, randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { PGlite } from '@electric-sql/pglite'
import { and, eq, sql } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import type { Database } from '../db/client.ts'
import {
  member,
  organization,
  site,
  user,
  webhook,
  webhookCall,
  webhookMessage,
} from '../db/schema.ts'
import type { CoreEvents, RevisionSavedEvent, Transaction } from '../domain/events.ts'
import { webhookDisabledEmail } from '../emails.ts'
import type { DatabaseLocation } from '../env.ts'
import type { Mailer } from '../mailer.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { createSender, redactHeaders, type Sender, signedHeaders } from './deliver.ts'
import type { OutboundPolicy } from './outbound-guard.ts'
import {
  createDeliveryQueue,
  DELIVERY_QUEUE,
  type DeliveryJob,
  enqueueDeliveries,
  ensureDeliveryQueue,
  type QueuedDelivery,
  runNow,
  transactionDb,
} from './queue.ts'
import {
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  nextRetryDelay,
  parseRetryAfter,
} from './schedule.ts'
import { createSecretBox, type SecretBox } from './secrets.ts'

/** Wall-clock time as the delivery engine sees it; tests substitute one they move by hand. */
export interface Clock {
  now(): number
}

/** What a History page listens to: a new call, or a change of the webhook's state. */
export type WebhookLiveEvent =
  { type: 'call'; webhookId: string; callId: string } | { type: 'webhook'; webhookId: string }

/** Why a webhook was disabled, as stored in `disabledReason`. */
export type DisabledReason = 'gone' | 'failing' | 'manual'

export interface WebhookServiceOptions {
  db: Database
  location: DatabaseLocation
  /** The embedded database's client, shared by the queue; null on PostgreSQL. */
  pglite: PGlite | null
  events: CoreEvents
  mailer: Mailer
  /** The server secret the webhook secrets' encryption key is derived from. */
  serverSecret: string
  /** The app's public URL, for links in e-mails. */
  appUrl: string
  policy: OutboundPolicy
  clock?: Clock
  /** Parallel attempts per instance. */
  concurrency?: number
  log?: (error: unknown) => void
}

/** Webhook delivery: the queue, its worker and what the procedures ask of them. */
export interface WebhookService {
  readonly secrets: SecretBox
  readonly policy: OutboundPolicy
  readonly clock: Clock
  /** Starts the queue (creating its tables on first run) and the worker. */
  start(): Promise<void>
  /** The started pg-boss instance: the process's one job queue, which billing's jobs share. */
  jobQueue(): PgBoss
  /** Stops this instance's worker (attempts in flight finish); the queue keeps filling. */
  pause(): Promise<void>
  /** Starts the worker again after {@link WebhookService.pause}. */
  resume(): Promise<void>
  /** Stops taking work and lets attempts in flight finish (up to 20 s) or be released. */
  stop(): Promise<void>
  /** Writes a message and queues one attempt per webhook, inside `tx`. Returns the message id. */
  enqueueMessage(
    tx: Transaction,
    input: {
      siteId: string
      payload: { _type: string } & Record<string, unknown>
      webhookIds: string[]
      trigger: DeliveryJob['trigger']
    },
  ): Promise<string>
  /** Queues one attempt of an existing message (Redeliver), inside `tx`; at once by default. */
  enqueueAttempt(tx: Transaction, job: DeliveryJob, startAfter?: Date): Promise<void>
  /** Stops queued attempts of a webhook from running (it was disabled). */
  cancelQueued(webhookId: string): Promise<void>
  /**
   * Deletes every job of these webhooks (queued, retrying or finished) inside `tx`: the webhooks
   * are being deleted with it, and nothing of them may stay behind in the queue.
   */
  forgetJobs(tx: Transaction, webhookIds: string[]): Promise<void>
  /** Attempts waiting in the queue for a webhook, soonest first. */
  queued(webhookId?: string): Promise<QueuedDelivery[]>
  /** Runs now every queued attempt due at `now` (the clock's time by default). */
  runDue(now?: number): Promise<number>
  /** Tells this instance's listeners of a webhook that something changed. */
  notify(event: WebhookLiveEvent): void
  /** Follows a webhook's calls and state as they change; returns the unsubscribe function. */
  subscribe(webhookId: string, listener: (event: WebhookLiveEvent) => void): () => void
}

const messageId = () => `msg_${randomBytes(16).toString('base64url')}`

/**
 * The body of a message, byte for byte the same for every attempt and redelivery (the stored
 * payload is jsonb, whose key order is its own: the contract's order is restored here).
 */
export function messageBody(payload: unknown): string {
  const value = payload as Record<string, unknown>
  if (value._type !== 'metadata_update') return JSON.stringify(value)
  const { _type, path, metadataRevisionId, metadata, site: target, timestamp, ...rest } = value
  const siteValue = target as { hostname: string; dsn: string }
  return JSON.stringify({
    _type,
    path,
    metadataRevisionId,
    metadata,
    site: { hostname: siteValue.hostname, dsn: siteValue.dsn },
    timestamp,
    ...rest,
  })
}

/** The `metadata_update` payload of a saved revision (the public contract's body). */
export function metadataUpdatePayload(event: RevisionSavedEvent) {
  return {
    _type: 'metadata_update' as const,
    path: event.page.path,
    metadataRevisionId: event.revision.id,
    metadata: event.served,
    site: { hostname: event.site.hostname, dsn: event.site.dsn },
    timestamp: event.revision.createdAt.toISOString(),
  }
}

/**
 * Builds webhook delivery on the server's database and subscribes it to saved revisions: each
 * saved revision writes a `metadata_update` message and queues an attempt per enabled webhook of
 * its site, in the transaction that wrote the revision.
 */
export function createWebhookService(options: WebhookServiceOptions): WebhookService {
  const { db, events, mailer, policy, log = console.error } = options
  const clock = options.clock ?? { now: () => Date.now() }
  const secrets = createSecretBox(options.serverSecret)
  const live = new EventEmitter()
  live.setMaxListeners(0)
  let boss: PgBoss | null = null
  let sender: Sender | null = null
  let workerId: string | null = null
  let starting: Promise<void> | null = null

  const started = (): PgBoss => {
    if (!boss) throw new Error('Webhook delivery is not started.')
    return boss
  }
  const emit = (event: WebhookLiveEvent) => live.emit(event.webhookId, event)

  const service: WebhookService = {
    secrets,
    policy,
    clock,
    start() {
      starting ??= (async () => {
        const queue = createDeliveryQueue(options.location, options.pglite)
        queue.on('error', (error) => log(error))
        await queue.start()
        await ensureDeliveryQueue(queue)
        boss = queue
        sender = createSender({ policy })
        await service.resume()
      })()
      return starting
    },
    jobQueue: started,
    async pause() {
      const queue = started()
      if (!workerId) return
      workerId = null
      await queue.offWork(DELIVERY_QUEUE, { wait: true })
    },
    async resume() {
      const queue = started()
      if (workerId) return
      workerId = await queue.work<DeliveryJob>(
        DELIVERY_QUEUE,
        {
          batchSize: 8,
          localConcurrency: options.concurrency ?? 2,
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 5,
          burstWhenBatchFull: true,
        },
        async (jobs) => {
          await Promise.all(jobs.map((job) => attempt(job)))
        },
      )
    },
    async stop() {
      const running = starting
      starting = null
      if (!running) return
      await running.catch(() => {})
      const queue = boss
      boss = null
      workerId = null
      // Graceful: the worker stops fetching and waits for attempts in flight; what does not
      // finish in time stays claimed and is retried by another instance after its heartbeat.
      await queue?.stop({ graceful: true, timeout: 20_000, close: true })
      sender?.close()
      sender = null
    },
    async enqueueMessage(tx, input) {
      const id = messageId()
      await tx.insert(webhookMessage).values({
        id,
        siteId: input.siteId,
        type: input.payload._type,
        payload: input.payload,
        createdAt: new Date(clock.now()),
      })
      await enqueueDeliveries(
        started(),
        tx,
        input.webhookIds.map((webhookId) => ({
          data: { messageId: id, webhookId, attempt: 1, trigger: input.trigger },
        })),
      )
      return id
    },
    enqueueAttempt: (tx, job, startAfter) =>
      enqueueDeliveries(started(), tx, [{ data: job, ...(startAfter ? { startAfter } : {}) }]),
    async cancelQueued(webhookId) {
      const queue = started()
      const jobs = await queue.findJobs<DeliveryJob>(DELIVERY_QUEUE, {
        data: { webhookId },
        queued: true,
      })
      if (jobs.length > 0) {
        await queue.cancel(
          DELIVERY_QUEUE,
          jobs.map((job) => job.id),
        )
      }
    },
    async forgetJobs(tx, webhookIds) {
      const queue = started()
      const db = transactionDb(tx)
      for (const webhookId of webhookIds) {
        const jobs = await queue.findJobs<DeliveryJob>(DELIVERY_QUEUE, { data: { webhookId }, db })
        if (jobs.length > 0) {
          await queue.deleteJob(
            DELIVERY_QUEUE,
            jobs.map((job) => job.id),
            { db },
          )
        }
      }
    },
    async queued(webhookId) {
      const jobs = await started().findJobs<DeliveryJob>(DELIVERY_QUEUE, {
        ...(webhookId ? { data: { webhookId } } : {}),
        queued: true,
      })
      return jobs
        .map((job) => ({ id: job.id, data: job.data, startAfter: new Date(job.startAfter) }))
        .sort((a, b) => a.startAfter.getTime() - b.startAfter.getTime())
    },
    async runDue(now = clock.now()) {
      const queue = started()
      const due = (await service.queued()).filter((job) => job.startAfter.getTime() <= now)
      return runNow(
        queue,
        DELIVERY_QUEUE,
        due.map((job) => job.id),
        workerId,
      )
    },
    notify: emit,
    subscribe(webhookId, listener) {
      live.on(webhookId, listener)
      return () => live.off(webhookId, listener)
    },
  }

  // A saved revision: one message, one attempt per enabled webhook, in the saving transaction.
  events.onRevisionSaved(async (tx, event) => {
    const hooks = await tx
      .select({ id: webhook.id })
      .from(webhook)
      .where(and(eq(webhook.siteId, event.site.id), eq(webhook.enabled, true)))
    await service.enqueueMessage(tx, {
      siteId: event.site.id,
      payload: metadataUpdatePayload(event),
      webhookIds: hooks.map((hook) => hook.id),
      trigger: 'automatic',
    })
  })

  async function attempt(job: Job<DeliveryJob>): Promise<void> {
    const { messageId: id, webhookId, attempt: number, trigger } = job.data
    const [hook] = await db.select().from(webhook).where(eq(webhook.id, webhookId))
    // Deleted, or disabled since it was queued: automatic attempts are dropped.
    if (!hook || (!hook.enabled && trigger === 'automatic')) return
    const [message] = await db.select().from(webhookMessage).where(eq(webhookMessage.id, id))
    if (!message) return

    const now = clock.now()
    const body = messageBody(message.payload)
    const previousAlive =
      hook.previousSecretEncrypted !== null &&
      hook.previousSecretExpiresAt !== null &&
      hook.previousSecretExpiresAt.getTime() > now
    const headers = await signedHeaders({
      body,
      messageId: id,
      secrets: {
        current: secrets.open(hook.secretEncrypted),
        previous: previousAlive ? secrets.open(hook.previousSecretEncrypted as string) : null,
      },
      legacyBearer: hook.legacyBearer,
      timestamp: now,
    })
    if (!sender) return
    const result = await sender.post(hook.url, body, headers)
    const succeeded = result.status !== null && result.status >= 200 && result.status < 300
    const finishedAt = clock.now()
    const callId = randomUUID()
    let disabled: DisabledReason | null = null

    let deleted = false
    await db.transaction(async (tx) => {
      // The webhook (or its whole organization) may have been deleted while the request was out:
      // then there is nothing left to record the call on, and nothing to retry. Locking the row
      // first (as deleting an organization does) keeps the two from deadlocking.
      const [still] = await tx
        .select({ id: webhook.id })
        .from(webhook)
        .where(eq(webhook.id, webhookId))
        .for('share')
      if (!still) {
        deleted = true
        return
      }
      await tx.insert(webhookCall).values({
        id: callId,
        webhookId,
        messageId: id,
        attempt: number,
        trigger,
        url: hook.url,
        requestHeaders: redactHeaders(headers),
        requestBody: body,
        responseStatus: result.status,
        responseHeaders: result.headers,
        responseBody: result.body,
        responseBodyTruncated: result.truncated,
        error: result.error,
        durationMs: result.durationMs,
        createdAt: new Date(now),
      })
      if (succeeded) {
        if (hook.failingSince === null) return
        await tx
          .update(webhook)
          .set({ failingSince: null })
          .where(and(eq(webhook.id, webhookId), sql`${webhook.failingSince} is not null`))
        return
      }
      if (result.status === 410) {
        disabled = 'gone'
      } else if (trigger === 'automatic') {
        const [row] = await tx
          .update(webhook)
          .set({
            failingSince: sql`coalesce(${webhook.failingSince}, ${new Date(now).toISOString()}::timestamptz)`,
          })
          .where(eq(webhook.id, webhookId))
          .returning({ failingSince: webhook.failingSince })
        const since = row?.failingSince?.getTime() ?? now
        if (finishedAt - since >= DISABLE_AFTER_FAILING_MS) {
          disabled = 'failing'
        } else {
          const delay = nextRetryDelay(number, {
            retryAfterMs: parseRetryAfter(result.headers?.['retry-after'], finishedAt),
          })
          if (delay !== null) {
            await enqueueDeliveries(started(), tx, [
              {
                data: { messageId: id, webhookId, attempt: number + 1, trigger },
                startAfter: new Date(finishedAt + delay),
              },
            ])
          }
        }
      }
      if (disabled) {
        await tx
          .update(webhook)
          .set({ enabled: false, disabledAt: new Date(finishedAt), disabledReason: disabled })
          .where(and(eq(webhook.id, webhookId), eq(webhook.enabled, true)))
      }
    })
    if (deleted) return
    emit({ type: 'call', webhookId, callId })
    if (disabled) {
      emit({ type: 'webhook', webhookId })
      await service.cancelQueued(webhookId).catch(log)
      await notifyDisabled(webhookId, disabled).catch(log)
    } else if (succeeded && hook.failingSince !== null) {
      emit({ type: 'webhook', webhookId })
    }
  }

  /** E-mails the owners and admins of the webhook's organization. */
  async function notifyDisabled(webhookId: string, reason: DisabledReason): Promise<void> {
    const [row] = await db
      .select({ url: webhook.url, hostname: site.hostname, organizationId: site.organizationId })
      .from(webhook)
      .innerJoin(site, eq(site.id, webhook.siteId))
      .where(eq(webhook.id, webhookId))
    if (!row) return
    const people = await db
      .select({ email: user.email, role: member.role, slug: organization.slug })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.organizationId, row.organizationId))
    const words =
      reason === 'gone'
        ? 'the receiver answered 410 Gone, which says it no longer exists.'
        : 'every delivery has failed for 5 days.'
    for (const person of people) {
      if (primaryOrganizationRole(person.role) === 'member') continue
      const url = new URL(
        `/app/organizations/${person.slug}/sites/${row.hostname}/webhooks/${webhookId}`,
        options.appUrl,
      ).href
      await mailer.send({
        to: person.email,
        ...webhookDisabledEmail({
          siteHostname: row.hostname,
          webhookUrl: row.url,
          reason: words,
          url,
        }),
      })
    }
  }

  return service
}

export { MAX_ATTEMPTS }
