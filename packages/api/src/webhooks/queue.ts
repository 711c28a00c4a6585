import type { PGlite } from '@electric-sql/pglite'
import { randomUUID } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss } from 'pg-boss'
import type { DatabaseLocation } from '../env.ts'
import type { Transaction } from '../domain/events.ts'

/** The delivery queue's name in the operator's metrics (its rows: the `webhook_delivery` table). */
export const DELIVERY_QUEUE = 'webhook-delivery'

/** The channel a queued delivery is announced on (at the commit of the transaction queuing it). */
export const DELIVERY_CHANNEL = 'headmark_webhook_delivery'

/** One attempt to deliver one message to one webhook. */
export interface DeliveryJob {
  messageId: string
  webhookId: string
  /** 1-based; automatic deliveries go up to the schedule's length. */
  attempt: number
  trigger: 'automatic' | 'manual' | 'test'
}

/** An attempt as the queue holds it, for scheduling questions. */
export interface QueuedDelivery {
  id: string
  data: DeliveryJob
  startAfter: Date
}

/**
 * The process's job queue (billing's cancellations, CDN purges): pg-boss on the application's
 * database. On PGlite it shares the one in-process connection (its adapter); on PostgreSQL it
 * keeps a small pool of its own, claims jobs with `FOR UPDATE SKIP LOCKED` and is woken by
 * LISTEN/NOTIFY. Webhook deliveries have a table of their own (see worker.ts).
 */
export function createDeliveryQueue(location: DatabaseLocation, pglite: PGlite | null): PgBoss {
  const common = {
    useListenNotify: true,
    schedule: false,
    // A crashed worker's claims are failed and retried by the monitor once their heartbeat (10 s)
    // is missed: within about 15 s.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
  } as const
  if (location.kind === 'postgres') {
    return new PgBoss({ ...common, connectionString: location.url, max: 4 })
  }
  if (!pglite) throw new Error('The embedded database is not open.')
  return new PgBoss({ ...common, backend: 'pglite', db: fromPglite(pglite) })
}

/** Creates `name` with `options` if it does not exist yet (idempotent). */
export async function ensureQueue(
  boss: PgBoss,
  name: string,
  options: Parameters<PgBoss['createQueue']>[1],
): Promise<void> {
  if (await boss.getQueue(name)) return
  await boss.createQueue(name, options)
}

/**
 * Makes the queued jobs `ids` of queue `name` due now and wakes the worker `workerId` (when this
 * process runs one) to take them at once. Returns how many were made due.
 */
export async function runNow(
  boss: PgBoss,
  name: string,
  ids: string[],
  workerId: string | null,
): Promise<number> {
  for (const id of ids) await boss.update(name, undefined, { id, startAfter: new Date(0) })
  if (ids.length > 0 && workerId) boss.notifyWorker(workerId)
  return ids.length
}

/** The caller's transaction as pg-boss's `db` option: its commands commit or roll back with it. */
export function transactionDb(tx: Transaction) {
  // Both drivers' `execute` resolve to rows (postgres.js) or `{ rows }` (PGlite): what the adapter reads.
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql)
}

/** Rows of `json_to_recordset` for deliveries to insert. */
export interface DeliveryRow {
  id: string
  webhook_id: string
  message_id: string
  attempt: number
  trigger: DeliveryJob['trigger']
  /** ISO time; null: now. */
  run_at: string | null
}

/** The statement that inserts `rows` (JSON) and announces them on {@link DELIVERY_CHANNEL}. */
export function insertDeliveriesSql(rows: SQL) {
  return sql`insert into webhook_delivery (id, webhook_id, message_id, attempt, trigger, run_at)
    select r.id, r.webhook_id, r.message_id, r.attempt, r.trigger, coalesce(r.run_at, now())
    from json_to_recordset(${rows}::json) as r(id text, webhook_id text, message_id text,
      attempt int, trigger text, run_at timestamptz)
    cross join (select pg_notify(${DELIVERY_CHANNEL}, '')) as announced`
}

/** Queues `jobs` inside the caller's transaction: they exist (and are announced) only if it commits. */
export async function enqueueDeliveries(
  tx: Transaction,
  jobs: Array<{ data: DeliveryJob; startAfter?: Date }>,
): Promise<void> {
  if (jobs.length === 0) return
  const rows: DeliveryRow[] = jobs.map((job) => ({
    id: randomUUID(),
    webhook_id: job.data.webhookId,
    message_id: job.data.messageId,
    attempt: job.data.attempt,
    trigger: job.data.trigger,
    run_at: job.startAfter ? job.startAfter.toISOString() : null,
  }))
  await tx.execute(insertDeliveriesSql(sql`${JSON.stringify(rows)}`))
}
