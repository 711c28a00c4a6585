import { randomBytes, randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { PGlite } from '@electric-sql/pglite'
import { and, eq, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import { connectionOf, type Database } from '../db/client.ts'
import { member, organization, site, user, webhook } from '../db/schema.ts'
import {
  type ChangeSetAppliedEvent,
  COALESCE_THRESHOLD,
  type CoreEvents,
  type RevisionSavedEvent,
  type Transaction,
} from '../domain/events.ts'
import { webhookDisabledEmail } from '../emails.ts'
import type { DatabaseLocation } from '../env.ts'
import type { Mailer } from '../mailer.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import {
  type AttemptResult,
  createSender,
  redactHeaders,
  type Sender,
  signHeaders,
} from './deliver.ts'
import type { OutboundPolicy } from './outbound-guard.ts'
import {
  createDeliveryQueue,
  DELIVERY_CHANNEL,
  type DeliveryJob,
  type DeliveryRow,
  enqueueDeliveries,
  insertDeliveriesSql,
  type QueuedDelivery,
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
  /** Attempts in flight per instance, all endpoints together (default 64). */
  concurrency?: number
  /** Attempts in flight per endpoint (webhook) and instance (default 32). */
  endpointConcurrency?: number
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
  /** Stops this instance's worker (attempts in flight finish, claimed ones go back); the queue keeps filling. */
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
  /** Attempts in the queue for a webhook (waiting, or being sent), soonest first. */
  queued(webhookId?: string): Promise<QueuedDelivery[]>
  /** Runs now every queued attempt due at `now` (the clock's time by default). */
  runDue(now?: number): Promise<number>
  /** Tells this instance's listeners of a webhook that something changed. */
  notify(event: WebhookLiveEvent): void
  /** Follows a webhook's calls and state as they change; returns the unsubscribe function. */
  subscribe(webhookId: string, listener: (event: WebhookLiveEvent) => void): () => void
  /**
   * This instance's delivery figures: SQL statements the engine sent (BEGIN and COMMIT counted),
   * calls recorded, record transactions, deliveries claimed but not sent yet, requests in flight.
   */
  stats(): {
    statements: number
    recorded: number
    batches: number
    ready: number
    inFlight: number
  }
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
    ...(event.locale === undefined ? {} : { locale: event.locale }),
  }
}

/**
 * The one message of a change set over COALESCE_THRESHOLD paths: `path: null` (what the
 * contract calls the defaults, and receivers treat as "revalidate every path"), with the
 * defaults' current revision and served metadata (the change set's id when the defaults have
 * no revision yet).
 */
export function changeSetPayload(event: ChangeSetAppliedEvent) {
  return {
    _type: 'metadata_update' as const,
    path: null,
    // A site without defaults has no such revision: the change set's id names the change.
    metadataRevisionId: event.defaults.revisionId ?? event.changeSet.id,
    metadata: event.defaults.served,
    site: { hostname: event.site.hostname, dsn: event.site.dsn },
    timestamp: (event.changes[0]?.revision.createdAt ?? event.defaults.createdAt).toISOString(),
  }
}

/** How long a claimed delivery stays this instance's without a heartbeat, in seconds. */
export const LEASE_SECONDS = 20
/** How often the leases of the deliveries this instance holds are renewed. */
const HEARTBEAT_MS = 5_000
/** How often the queue is looked at without being woken (due retries, expired leases). */
const POLL_MS = 2_000
/** Attempts in flight per instance, all endpoints together (default). */
export const DEFAULT_CONCURRENCY = 64
/** Attempts in flight per endpoint (webhook) and instance (default). */
export const DEFAULT_ENDPOINT_CONCURRENCY = 32
/** The longest an endpoint's `Retry-After` holds its other deliveries on this instance. */
const MAX_BACKOFF_MS = 10 * 60_000
/** Deliveries held back longer than this by a `Retry-After` are handed back to the queue. */
const RELEASE_AFTER_MS = 10_000
/** Why an instance leaves a webhook's deliveries alone. */
const UNREADABLE_SECRET =
  "its secret can not be opened with this instance's BETTER_AUTH_SECRET (set the same one on every instance); its deliveries are left to the others."
/** Calls recorded per transaction at most. */
const MAX_RECORD_BATCH = 256

/** A delivery this instance has claimed, with what its attempt needs. */
interface Claimed {
  id: string
  webhookId: string
  messageId: string
  attempt: number
  trigger: DeliveryJob['trigger']
  url: string
  enabled: boolean
  legacyBearer: boolean
  secretEncrypted: string
  previousSecretEncrypted: string | null
  previousSecretExpiresAt: number | null
  failingSince: number | null
  throttle: number | null
  payload: string
}

/** An attempt that ran (or was dropped), waiting to be recorded. */
interface Finished {
  delivery: Claimed
  /** Null: dropped without a call (automatic attempt of a disabled webhook). */
  call: {
    id: string
    url: string
    requestHeaders: Record<string, string>
    requestBody: string
    result: AttemptResult
    startedAt: number
    finishedAt: number
  } | null
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]

const json = (value: unknown) => sql`${JSON.stringify(value)}`

/**
 * Builds webhook delivery on the server's database and subscribes it to saved revisions: each
 * saved revision writes a `metadata_update` message and queues an attempt per enabled webhook of
 * its site, in the transaction that wrote the revision.
 *
 * The engine: deliveries are rows of `webhook_delivery`. Each instance claims due rows in
 * batches (`FOR UPDATE SKIP LOCKED`, a lease of {@link LEASE_SECONDS} renewed while it holds
 * them), a few per endpoint at a time, into a local ready queue kept ahead of the requests in
 * flight; sends them (at most `concurrency` in flight, `endpointConcurrency` per endpoint, the
 * webhook's `throttle` per second, an endpoint's `Retry-After` holding only that endpoint); and
 * records the finished attempts in one transaction per batch: the calls, the deletion of their
 * rows (only while this instance still holds them), the retries they schedule and the webhooks'
 * state.
 */
export function createWebhookService(options: WebhookServiceOptions): WebhookService {
  const { db, events, mailer, policy, log = console.error } = options
  const clock = options.clock ?? { now: () => Date.now() }
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  const endpointConcurrency = Math.min(
    concurrency,
    options.endpointConcurrency ?? DEFAULT_ENDPOINT_CONCURRENCY,
  )
  const secrets = createSecretBox(options.serverSecret)
  const live = new EventEmitter()
  live.setMaxListeners(0)
  let boss: PgBoss | null = null
  let sender: Sender | null = null
  let starting: Promise<void> | null = null

  // The engine's state, this instance only.
  const me = `${process.pid}-${randomBytes(6).toString('hex')}`
  let running = false
  const ready = new Map<string, Claimed[]>()
  let readyCount = 0
  const inFlight = new Map<string, number>()
  let inFlightCount = 0
  const pending: Finished[] = []
  const held = new Set<string>()
  const backoffUntil = new Map<string, number>()
  const buckets = new Map<string, { tokens: number; at: number }>()
  /** Webhooks whose `failing_since` this instance may have to clear on the next success. */
  const maybeFailing = new Set<string>()
  const opened = new Map<string, string>()
  let claiming = false
  let claimAgain = false
  let lastClaimFull = false
  let excludedAtClaim = new Set<string>()
  /** Endpoints that got a full share at the last claim: more of theirs may be due. */
  let mayHaveMore = new Set<string>()
  /** Below this many claimed ahead, an endpoint with more due is claimed for again. */
  const aheadThreshold = Math.ceil(endpointConcurrency / 2)
  let cursor = ''
  let flushing: Promise<void> | null = null
  let dispatchTimer: NodeJS.Timeout | null = null
  let pollTimer: NodeJS.Timeout | null = null
  let heartbeatTimer: NodeJS.Timeout | null = null
  let unlisten: (() => Promise<void>) | null = null
  const idleWaiters: Array<() => void> = []
  const stats = { statements: 0, recorded: 0, batches: 0 }

  const started = (): PgBoss => {
    if (!boss) throw new Error('Webhook delivery is not started.')
    return boss
  }
  const emit = (event: WebhookLiveEvent) => live.emit(event.webhookId, event)

  /** A sealed secret, opened once and kept (bounded; a rotation seals a new value). */
  const open = (sealed: string) => {
    let plain = opened.get(sealed)
    if (plain === undefined) {
      if (opened.size >= 1000) opened.clear()
      plain = secrets.open(sealed)
      opened.set(sealed, plain)
    }
    return plain
  }

  const settleIdle = () => {
    if (inFlightCount > 0 || pending.length > 0 || flushing) return
    for (const resolve of idleWaiters.splice(0)) resolve()
  }

  /** Claims due deliveries while there is room ahead of the requests in flight. */
  function wantClaim(): void {
    if (!running) return
    if (claiming) {
      claimAgain = true
      return
    }
    claiming = true
    void (async () => {
      try {
        do {
          claimAgain = false
          const room = 2 * concurrency - readyCount - inFlightCount
          // While work is ready, claim in batches; when none is, whatever there is room for.
          if (room <= 0 || (readyCount > 0 && room < Math.min(16, concurrency))) break
          // Endpoints with enough claimed ahead (or held back) are left out of this claim.
          const excluded = new Set<string>()
          const now = Date.now()
          for (const [hookId, queue] of ready) {
            if (queue.length >= aheadThreshold) excluded.add(hookId)
            const rate = queue[0]?.throttle
            if (rate && queue.length >= Math.max(1, rate)) excluded.add(hookId)
          }
          for (const [hookId, until] of backoffUntil) {
            if (until > now) excluded.add(hookId)
            else backoffUntil.delete(hookId)
          }
          const claimed = await claim(room, [...excluded])
          excludedAtClaim = excluded
          lastClaimFull = claimed.length >= room
          const perHook = new Map<string, number>()
          for (const delivery of claimed) {
            perHook.set(delivery.webhookId, (perHook.get(delivery.webhookId) ?? 0) + 1)
          }
          mayHaveMore = new Set(
            [...perHook].filter(([, count]) => count >= endpointConcurrency).map(([id]) => id),
          )
          for (const delivery of claimed) {
            held.add(delivery.id)
            const queue = ready.get(delivery.webhookId)
            if (queue) queue.push(delivery)
            else ready.set(delivery.webhookId, [delivery])
            readyCount++
            if (delivery.failingSince !== null) maybeFailing.add(delivery.webhookId)
          }
          if (claimed.length > 0) dispatch()
          if (lastClaimFull) claimAgain = true
        } while (claimAgain && running)
      } catch (error) {
        log(error)
      } finally {
        claiming = false
      }
    })()
  }

  async function claim(room: number, excluded: string[]): Promise<Claimed[]> {
    stats.statements++
    const rows = rowsOf<{
      id: string
      webhook_id: string
      message_id: string
      attempt: number
      trigger: DeliveryJob['trigger']
      url: string
      enabled: boolean
      legacy_bearer: boolean
      secret_encrypted: string
      previous_secret_encrypted: string | null
      previous_secret_expires_at: number | null
      failing_since: number | null
      throttle: number | null
      payload: string
    }>(
      // The claim is a function of the migrations (`webhook_delivery_claim`): the statement, and
      // the planner setting it needs.
      await db.execute(sql`
        select * from webhook_delivery_claim(${cursor}, ${json(excluded)}::json,
          ${endpointConcurrency}::int, ${room}::int, ${me}, ${LEASE_SECONDS}::int)`),
    )
    // The next claim starts after the last endpoint served when this one was full: each gets a turn.
    const last = rows.reduce((max, row) => (row.webhook_id > max ? row.webhook_id : max), '')
    cursor = rows.length >= room ? last : ''
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhook_id,
      messageId: row.message_id,
      attempt: Number(row.attempt),
      trigger: row.trigger,
      url: row.url,
      enabled: row.enabled,
      legacyBearer: row.legacy_bearer,
      secretEncrypted: row.secret_encrypted,
      previousSecretEncrypted: row.previous_secret_encrypted,
      previousSecretExpiresAt:
        row.previous_secret_expires_at === null ? null : Number(row.previous_secret_expires_at),
      failingSince: row.failing_since === null ? null : Number(row.failing_since),
      throttle: row.throttle === null ? null : Number(row.throttle),
      payload: row.payload,
    }))
  }

  /** Whether the endpoint may take one more request now; else when to look again (ms). */
  function admits(delivery: Claimed, now: number): true | number {
    if ((inFlight.get(delivery.webhookId) ?? 0) >= endpointConcurrency) return Infinity
    const until = backoffUntil.get(delivery.webhookId)
    if (until !== undefined) {
      if (until > now) return until - now
      backoffUntil.delete(delivery.webhookId)
    }
    const rate = delivery.throttle
    if (rate && rate > 0) {
      const bucket = buckets.get(delivery.webhookId) ?? { tokens: Math.max(1, rate), at: now }
      bucket.tokens = Math.min(Math.max(1, rate), bucket.tokens + ((now - bucket.at) * rate) / 1000)
      bucket.at = now
      buckets.set(delivery.webhookId, bucket)
      if (bucket.tokens < 1) return Math.ceil(((1 - bucket.tokens) * 1000) / rate)
      bucket.tokens -= 1
    }
    return true
  }

  /** Starts what the limits allow, taking endpoints in turn. */
  function dispatch(): void {
    if (!running) return
    const now = Date.now()
    let soonest = Infinity
    let progressed = true
    while (progressed && inFlightCount < concurrency) {
      progressed = false
      for (const [hookId, queue] of ready) {
        if (inFlightCount >= concurrency) break
        const next = queue[0]
        if (!next) {
          ready.delete(hookId)
          continue
        }
        // Deleted or disabled since it was queued: automatic attempts are dropped.
        if (!next.enabled && next.trigger === 'automatic') {
          queue.shift()
          readyCount--
          finish({ delivery: next, call: null })
          progressed = true
          continue
        }
        const admitted = admits(next, now)
        if (admitted !== true) {
          soonest = Math.min(soonest, admitted)
          continue
        }
        queue.shift()
        readyCount--
        if (queue.length === 0) ready.delete(hookId)
        inFlight.set(hookId, (inFlight.get(hookId) ?? 0) + 1)
        inFlightCount++
        progressed = true
        void send(next)
      }
    }
    if (soonest !== Infinity && readyCount > 0) {
      if (dispatchTimer) clearTimeout(dispatchTimer)
      dispatchTimer = setTimeout(
        () => {
          dispatchTimer = null
          dispatch()
        },
        Math.max(1, soonest),
      )
    }
  }

  async function send(delivery: Claimed): Promise<void> {
    let call: Finished['call'] = null
    try {
      const startedAt = clock.now()
      const body = messageBody(JSON.parse(delivery.payload))
      const previousAlive =
        delivery.previousSecretEncrypted !== null &&
        delivery.previousSecretExpiresAt !== null &&
        delivery.previousSecretExpiresAt > startedAt
      let headers: Record<string, string> | null = null
      try {
        headers = signHeaders({
          body,
          messageId: delivery.messageId,
          secrets: {
            current: open(delivery.secretEncrypted),
            previous: previousAlive ? open(delivery.previousSecretEncrypted as string) : null,
          },
          legacyBearer: delivery.legacyBearer,
          timestamp: startedAt,
        })
      } catch {
        // Sealed under another server secret (an instance configured apart from the others):
        // nothing can be signed here. The attempt goes back to the queue at once for an instance
        // that can, and this one leaves the webhook alone for a while.
        unreadable(delivery)
      }
      if (headers) {
        const result = await (sender as Sender).post(delivery.url, body, headers)
        call = {
          id: randomUUID(),
          url: delivery.url,
          requestHeaders: redactHeaders(headers),
          requestBody: body,
          result,
          startedAt,
          finishedAt: clock.now(),
        }
        holdBackIfAsked(delivery.webhookId, result)
      }
    } catch (error) {
      // Nothing is recorded: the lease runs out and the attempt is made again.
      log(error)
      held.delete(delivery.id)
    } finally {
      const left = (inFlight.get(delivery.webhookId) ?? 1) - 1
      if (left > 0) inFlight.set(delivery.webhookId, left)
      else inFlight.delete(delivery.webhookId)
      inFlightCount--
    }
    if (call) finish({ delivery, call })
    dispatch()
    const hookId = delivery.webhookId
    if (
      (ready.get(hookId)?.length ?? 0) < aheadThreshold &&
      (lastClaimFull || mayHaveMore.has(hookId) || excludedAtClaim.has(hookId))
    ) {
      wantClaim()
    }
    settleIdle()
  }

  /** A delivery this instance can not sign: handed back, its webhook left alone for a minute. */
  function unreadable(delivery: Claimed): void {
    const hookId = delivery.webhookId
    if (!backoffUntil.has(hookId)) log(new Error(`Webhook ${hookId}: ${UNREADABLE_SECRET}`))
    backoffUntil.set(hookId, Date.now() + 60_000)
    const queue = ready.get(hookId) ?? []
    ready.delete(hookId)
    readyCount -= queue.length
    void release([delivery.id, ...queue.map((other) => other.id)]).catch(log)
  }

  /** 429 or 503 with `Retry-After`: this endpoint's other deliveries wait that long (here). */
  function holdBackIfAsked(webhookId: string, result: AttemptResult): void {
    if (result.status !== 429 && result.status !== 503) return
    const wait = parseRetryAfter(result.headers?.['retry-after'], Date.now())
    const ms = wait ?? (result.status === 429 ? 1_000 : null)
    if (ms === null || ms <= 0) return
    const until = Date.now() + Math.min(ms, MAX_BACKOFF_MS)
    backoffUntil.set(webhookId, Math.max(backoffUntil.get(webhookId) ?? 0, until))
    if (ms > RELEASE_AFTER_MS) {
      // Long enough to hand its ready deliveries back, for whichever instance is free then.
      const queue = ready.get(webhookId) ?? []
      ready.delete(webhookId)
      readyCount -= queue.length
      void release(queue.map((delivery) => delivery.id)).catch(log)
    }
  }

  async function release(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    for (const id of ids) held.delete(id)
    stats.statements++
    await db.execute(sql`
      update webhook_delivery set leased_by = null, lease_until = null
      where leased_by = ${me}
        and id in (select json_array_elements_text(${json(ids)}::json))`)
  }

  function finish(done: Finished): void {
    pending.push(done)
    flush()
  }

  /** Records what finished, a batch per transaction, one transaction at a time. */
  function flush(): void {
    if (flushing) return
    flushing = (async () => {
      try {
        while (pending.length > 0) {
          // After the answers that arrived together have all been handled (the embedded
          // database runs on this thread: without this, each would be recorded alone).
          await new Promise((resolve) => setImmediate(resolve))
          const batch = pending.splice(0, MAX_RECORD_BATCH)
          try {
            await record(batch)
          } catch (error) {
            log(error)
            if (!running && !stopping) {
              // Stopped: what was not recorded is sent again once its lease runs out.
              for (const done of batch) held.delete(done.delivery.id)
              continue
            }
            pending.unshift(...batch)
            await new Promise((resolve) => setTimeout(resolve, 500))
          }
        }
      } finally {
        flushing = null
        settleIdle()
      }
    })()
  }
  let stopping = false

  async function record(batch: Finished[]): Promise<void> {
    const hookIds = [...new Set(batch.map((done) => done.delivery.webhookId))].sort()
    const outcome = {
      calls: [] as Array<{ webhookId: string; callId: string }>,
      disabled: [] as Array<{ webhookId: string; reason: DisabledReason }>,
      recovered: [] as string[],
    }
    await db.transaction(async (tx) => {
      stats.statements += 2 // BEGIN, COMMIT
      // The webhooks first (as deleting an organization locks them): the two wait for each other
      // instead of deadlocking. A webhook deleted meanwhile took its queued rows with it.
      stats.statements++
      await tx.execute(sql`
        select id from webhook
        where id in (select json_array_elements_text(${json(hookIds)}::json))
        order by id for share`)
      const input = batch.map((done) => ({
        delivery_id: done.delivery.id,
        call_id: done.call?.id ?? null,
        webhook_id: done.delivery.webhookId,
        message_id: done.delivery.messageId,
        attempt: done.delivery.attempt,
        trigger: done.delivery.trigger,
        url: done.call?.url ?? null,
        request_headers: done.call?.requestHeaders ?? null,
        request_body: done.call?.requestBody ?? null,
        response_status: done.call?.result.status ?? null,
        response_headers: done.call?.result.headers ?? null,
        response_body: done.call?.result.body ?? null,
        response_body_truncated: done.call?.result.truncated ?? false,
        error: done.call?.result.error ?? null,
        duration_ms: done.call?.result.durationMs ?? null,
        created_at: done.call ? new Date(done.call.startedAt).toISOString() : null,
      }))
      // One statement: the rows this instance still holds are deleted, and a call is written for
      // each of them (none for the others: another instance has taken them over).
      stats.statements++
      const owned = new Set(
        rowsOf<{ id: string }>(
          await tx.execute(sql`
            with input as (
              select * from json_to_recordset(${json(input)}::json) as r(delivery_id text,
                call_id text, webhook_id text, message_id text, attempt int, trigger text,
                url text, request_headers jsonb, request_body text, response_status int,
                response_headers jsonb, response_body text, response_body_truncated boolean,
                error text, duration_ms int, created_at timestamptz)
            ),
            done as (
              delete from webhook_delivery as d using input
              where d.id = input.delivery_id and d.leased_by = ${me}
              returning d.id
            ),
            written as (
              insert into webhook_call (id, webhook_id, message_id, attempt, trigger, url,
                request_headers, request_body, response_status, response_headers, response_body,
                response_body_truncated, error, duration_ms, created_at)
              select input.call_id, input.webhook_id, input.message_id, input.attempt,
                input.trigger, input.url, input.request_headers, input.request_body,
                input.response_status, input.response_headers, input.response_body,
                input.response_body_truncated, input.error, input.duration_ms, input.created_at
              from input join done on done.id = input.delivery_id
              where input.call_id is not null
              returning 1
            )
            select id from done`),
        ).map((row) => row.id),
      )
      const recorded = batch.filter((done) => owned.has(done.delivery.id) && done.call)
      stats.recorded += recorded.length

      // Each webhook's state after its attempts of this batch, in the order they finished.
      const byHook = new Map<string, Finished[]>()
      for (const done of recorded) {
        const list = byHook.get(done.delivery.webhookId)
        if (list) list.push(done)
        else byHook.set(done.delivery.webhookId, [done])
        outcome.calls.push({
          webhookId: done.delivery.webhookId,
          callId: (done.call as NonNullable<Finished['call']>).id,
        })
      }
      const succeeded = (done: Finished) => {
        const status = done.call?.result.status ?? null
        return status !== null && status >= 200 && status < 300
      }
      const clear: string[] = []
      const failing: Array<{ id: string; since: string }> = []
      const gone = new Set<string>()
      for (const [hookId, list] of byHook) {
        list.sort(
          (a, b) =>
            (a.call as NonNullable<Finished['call']>).finishedAt -
            (b.call as NonNullable<Finished['call']>).finishedAt,
        )
        if (list.some((done) => done.call?.result.status === 410)) gone.add(hookId)
        const lastSuccess = list.findLastIndex(succeeded)
        const after = list.slice(lastSuccess + 1)
        const firstAutomaticFailure = after.find((done) => done.delivery.trigger === 'automatic')
        if (lastSuccess >= 0 && maybeFailing.has(hookId)) clear.push(hookId)
        if (firstAutomaticFailure) {
          failing.push({
            id: hookId,
            since: new Date(
              (firstAutomaticFailure.call as NonNullable<Finished['call']>).startedAt,
            ).toISOString(),
          })
        }
      }
      if (clear.length > 0) {
        stats.statements++
        const rows = rowsOf<{ id: string }>(
          await tx.execute(sql`
            update webhook set failing_since = null
            where id in (select json_array_elements_text(${json(clear)}::json))
              and failing_since is not null
            returning id`),
        )
        outcome.recovered.push(...rows.map((row) => row.id))
      }
      const since = new Map<string, number>()
      if (failing.length > 0) {
        stats.statements++
        const rows = rowsOf<{ id: string; since: number }>(
          await tx.execute(sql`
            update webhook as w set failing_since = coalesce(w.failing_since, r.since)
            from json_to_recordset(${json(failing)}::json) as r(id text, since timestamptz)
            where w.id = r.id
            returning w.id, (extract(epoch from w.failing_since) * 1000)::float8 as since`),
        )
        for (const row of rows) {
          since.set(row.id, Number(row.since))
          maybeFailing.add(row.id)
        }
      }
      const disable = new Map<string, DisabledReason>()
      const retries: DeliveryRow[] = []
      for (const done of recorded) {
        const call = done.call as NonNullable<Finished['call']>
        const hookId = done.delivery.webhookId
        if (succeeded(done)) continue
        if (gone.has(hookId)) {
          disable.set(hookId, 'gone')
          continue
        }
        if (done.delivery.trigger !== 'automatic') continue
        const failingSince = since.get(hookId) ?? call.startedAt
        if (call.finishedAt - failingSince >= DISABLE_AFTER_FAILING_MS) {
          if (!disable.has(hookId)) disable.set(hookId, 'failing')
          continue
        }
        const delay = nextRetryDelay(done.delivery.attempt, {
          retryAfterMs: parseRetryAfter(call.result.headers?.['retry-after'], call.finishedAt),
        })
        if (delay === null) continue
        retries.push({
          id: randomUUID(),
          webhook_id: hookId,
          message_id: done.delivery.messageId,
          attempt: done.delivery.attempt + 1,
          trigger: done.delivery.trigger,
          run_at: new Date(call.finishedAt + delay).toISOString(),
        })
      }
      const kept = retries.filter((retry) => !disable.has(retry.webhook_id))
      if (kept.length > 0) {
        stats.statements++
        await tx.execute(insertDeliveriesSql(json(kept)))
      }
      if (disable.size > 0) {
        const at = new Date(Math.max(...recorded.map((done) => done.call?.finishedAt ?? 0)))
        stats.statements++
        const rows = rowsOf<{ id: string; reason: DisabledReason }>(
          await tx.execute(sql`
            update webhook as w
            set enabled = false, disabled_at = ${at.toISOString()}::timestamptz,
              disabled_reason = r.reason
            from json_to_recordset(${json([...disable].map(([id, reason]) => ({ id, reason })))}::json)
              as r(id text, reason text)
            where w.id = r.id and w.enabled
            returning w.id, r.reason`),
        )
        outcome.disabled.push(...rows.map((row) => ({ webhookId: row.id, reason: row.reason })))
      }
    })
    stats.batches++
    for (const done of batch) held.delete(done.delivery.id)
    for (const { webhookId, callId } of outcome.calls) emit({ type: 'call', webhookId, callId })
    for (const webhookId of outcome.recovered) {
      maybeFailing.delete(webhookId)
      emit({ type: 'webhook', webhookId })
    }
    for (const { webhookId, reason } of outcome.disabled) {
      emit({ type: 'webhook', webhookId })
      await service.cancelQueued(webhookId).catch(log)
      await notifyDisabled(webhookId, reason).catch(log)
    }
  }

  /** Renews the leases of what this instance holds (ready, in flight, being recorded). */
  async function heartbeat(): Promise<void> {
    if (held.size === 0) return
    stats.statements++
    await db.execute(sql`
      update webhook_delivery
      set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where leased_by = ${me}
        and id in (select json_array_elements_text(${json([...held])}::json))`)
  }

  async function listen(): Promise<void> {
    if (options.pglite) {
      const stop = await options.pglite.listen(DELIVERY_CHANNEL, () => wantClaim())
      unlisten = () => stop()
      return
    }
    let pubsub: ReturnType<typeof connectionOf>['pubsub']
    try {
      pubsub = connectionOf(db).pubsub
    } catch {
      // A database not opened by connectDatabase: the queue is looked at every second instead.
      pubsub = null
    }
    if (!pubsub) return
    const subscription = await pubsub.listen(
      DELIVERY_CHANNEL,
      () => wantClaim(),
      () => wantClaim(),
    )
    unlisten = () => subscription.unlisten()
  }

  /** Waits until nothing is in flight or waiting to be recorded (at most `timeoutMs`). */
  const idle = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      idleWaiters.push(() => {
        clearTimeout(timer)
        resolve()
      })
      settleIdle()
    })

  const service: WebhookService = {
    secrets,
    policy,
    clock,
    start() {
      starting ??= (async () => {
        const queue = createDeliveryQueue(options.location, options.pglite)
        queue.on('error', (error) => log(error))
        await queue.start()
        boss = queue
        sender = createSender({ policy })
        await listen()
        heartbeatTimer = setInterval(() => void heartbeat().catch(log), HEARTBEAT_MS)
        heartbeatTimer.unref()
        await service.resume()
      })()
      return starting
    },
    jobQueue: started,
    async pause() {
      started()
      if (!running) return
      running = false
      if (pollTimer) clearInterval(pollTimer)
      pollTimer = null
      if (dispatchTimer) clearTimeout(dispatchTimer)
      dispatchTimer = null
      // What was claimed but not sent goes back to the queue; what is in flight finishes.
      const waiting = [...ready.values()].flat()
      ready.clear()
      readyCount = 0
      stopping = true
      try {
        await idle(20_000)
        await release(waiting.map((delivery) => delivery.id)).catch(log)
      } finally {
        stopping = false
      }
    },
    async resume() {
      started()
      if (running) return
      running = true
      pollTimer = setInterval(() => wantClaim(), POLL_MS)
      pollTimer.unref()
      wantClaim()
    },
    async stop() {
      const run = starting
      starting = null
      if (!run) return
      await run.catch(() => {})
      if (boss) await service.pause().catch(log)
      if (heartbeatTimer) clearInterval(heartbeatTimer)
      heartbeatTimer = null
      await unlisten?.().catch(log)
      unlisten = null
      const queue = boss
      boss = null
      // Graceful: the job queue's workers (billing, purges) finish what they hold.
      await queue?.stop({ graceful: true, timeout: 20_000, close: true })
      sender?.close()
      sender = null
    },
    async enqueueMessage(tx, input) {
      const id = messageId()
      const rows: DeliveryRow[] = input.webhookIds.map((webhookId) => ({
        id: randomUUID(),
        webhook_id: webhookId,
        message_id: id,
        attempt: 1,
        trigger: input.trigger,
        run_at: null,
      }))
      // One statement: the message, and an attempt per webhook announced at the commit.
      await tx.execute(sql`
        with message as (
          insert into webhook_message (id, site_id, type, payload, created_at)
          values (${id}, ${input.siteId}, ${input.payload._type}, ${json(input.payload)}::jsonb,
            ${new Date(clock.now()).toISOString()}::timestamptz)
        )
        ${rows.length > 0 ? insertDeliveriesSql(json(rows)) : sql`select 1`}`)
      return id
    },
    enqueueAttempt: (tx, job, startAfter) =>
      enqueueDeliveries(tx, [{ data: job, ...(startAfter ? { startAfter } : {}) }]),
    async cancelQueued(webhookId) {
      backoffUntil.delete(webhookId)
      await db.execute(sql`
        delete from webhook_delivery
        where webhook_id = ${webhookId} and (lease_until is null or lease_until < now())`)
    },
    async forgetJobs(tx, webhookIds) {
      if (webhookIds.length === 0) return
      await tx.execute(sql`
        delete from webhook_delivery
        where webhook_id in (select json_array_elements_text(${json(webhookIds)}::json))`)
    },
    async queued(webhookId) {
      const rows = rowsOf<{
        id: string
        webhook_id: string
        message_id: string
        attempt: number
        trigger: DeliveryJob['trigger']
        run_at: number
      }>(
        await db.execute(sql`
          select id, webhook_id, message_id, attempt, trigger,
            round(extract(epoch from run_at) * 1000)::float8 as run_at
          from webhook_delivery
          ${webhookId ? sql`where webhook_id = ${webhookId}` : sql``}
          order by run_at, id`),
      )
      return rows.map((row) => ({
        id: row.id,
        data: {
          messageId: row.message_id,
          webhookId: row.webhook_id,
          attempt: Number(row.attempt),
          trigger: row.trigger,
        },
        startAfter: new Date(Number(row.run_at)),
      }))
    },
    async runDue(now = clock.now()) {
      const rows = rowsOf<{ webhook_id: string }>(
        await db.execute(sql`
          update webhook_delivery set run_at = now()
          where (lease_until is null or lease_until < now())
            and run_at <= ${new Date(now).toISOString()}::timestamptz
          returning webhook_id`),
      )
      // Run now: an endpoint's Retry-After no longer holds them.
      for (const row of rows) backoffUntil.delete(row.webhook_id)
      if (rows.length > 0) wantClaim()
      return rows.length
    },
    notify: emit,
    subscribe(webhookId, listener) {
      live.on(webhookId, listener)
      return () => live.off(webhookId, listener)
    },
    stats: () => ({
      ...stats,
      ready: readyCount,
      inFlight: inFlightCount,
    }),
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

  // An applied change set: a message per changed path up to COALESCE_THRESHOLD paths, else one
  // `path: null` message (the receiver revalidates everything) carrying the defaults' revision.
  events.onChangeSetApplied(async (tx, event) => {
    if (event.changes.length === 0) return
    const hooks = await tx
      .select({ id: webhook.id })
      .from(webhook)
      .where(and(eq(webhook.siteId, event.site.id), eq(webhook.enabled, true)))
    const webhookIds = hooks.map((hook) => hook.id)
    const payloads =
      event.changes.length <= COALESCE_THRESHOLD
        ? event.changes.map((change) => metadataUpdatePayload({ site: event.site, ...change }))
        : [changeSetPayload(event)]
    for (const payload of payloads) {
      await service.enqueueMessage(tx, {
        siteId: event.site.id,
        payload,
        webhookIds,
        trigger: 'automatic',
      })
    }
  })

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
