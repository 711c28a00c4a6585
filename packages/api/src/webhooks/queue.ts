import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss } from 'pg-boss'
import type { DatabaseLocation } from '../env.ts'
import type { Transaction } from '../domain/events.ts'

/** The pg-boss queue every delivery attempt goes through. */
export const DELIVERY_QUEUE = 'webhook-delivery'

/** One attempt to deliver one message to one webhook. */
export interface DeliveryJob {
  messageId: string
  webhookId: string
  /** 1-based; automatic deliveries go up to the schedule's length. */
  attempt: number
  trigger: 'automatic' | 'manual' | 'test'
}

/** A job as the queue holds it, for scheduling questions. */
export interface QueuedDelivery {
  id: string
  data: DeliveryJob
  startAfter: Date
}

/**
 * The durable queue: pg-boss on the application's database. On PGlite it shares the one
 * in-process connection (its adapter); on PostgreSQL it keeps a small pool of its own, claims
 * jobs with `FOR UPDATE SKIP LOCKED` (so several instances never run one attempt twice at once)
 * and is woken by LISTEN/NOTIFY.
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

/** Creates the delivery queue if it does not exist yet (idempotent). */
export async function ensureDeliveryQueue(boss: PgBoss): Promise<void> {
  await ensureQueue(boss, DELIVERY_QUEUE, {
    notify: true,
    // The schedule of retries is Headmark's own (each attempt is a job); pg-boss retries only
    // an attempt whose worker died (no heartbeat) or threw.
    retryLimit: 3,
    retryDelay: 1,
    heartbeatSeconds: 10,
    expireInSeconds: 30,
    deleteAfterSeconds: 24 * 3600,
    retentionSeconds: 14 * 24 * 3600,
  })
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

/** Queues `jobs` inside the caller's transaction: they exist only if it commits. */
export async function enqueueDeliveries(
  boss: PgBoss,
  tx: Transaction,
  jobs: Array<{ data: DeliveryJob; startAfter?: Date }>,
): Promise<void> {
  const db = transactionDb(tx)
  for (const job of jobs) {
    await boss.send(
      DELIVERY_QUEUE,
      { ...job.data },
      {
        db,
        ...(job.startAfter ? { startAfter: job.startAfter } : {}),
      },
    )
  }
}
