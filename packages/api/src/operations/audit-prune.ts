import { asc, gt } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import { effectivePlan } from '../billing/quotas.ts'
import type { Database } from '../db/client.ts'
import { organization } from '../db/schema.ts'
import { pruneAuditLog, retentionCutoff } from '../domain/audit.ts'
import type { Logger } from '../log.ts'
import { ensureQueue } from '../webhooks/queue.ts'

/** The pg-boss queue of the daily audit-log prune. */
export const AUDIT_PRUNE_QUEUE = 'audit-log-prune'

const DAY_MS = 86_400_000
/** Entries are deleted a little after they leave the log, never at the edge of the trigger's 30 days. */
const MARGIN_MS = 3_600_000

/**
 * Deletes, for every organization, the audit entries older than its plan's history (the log
 * hides them already). Answers how many were deleted, all organizations together.
 */
export async function pruneExpiredAuditLogs(db: Database, now = new Date()): Promise<number> {
  let deleted = 0
  let after = ''
  for (;;) {
    const batch = await db
      .select({ id: organization.id })
      .from(organization)
      .where(gt(organization.id, after))
      .orderBy(asc(organization.id))
      .limit(500)
    for (const { id } of batch) {
      const { plan } = await effectivePlan(db, id)
      const cutoff = retentionCutoff(plan.quotas.historyRetentionDays, now)
      if (!cutoff) continue
      deleted += await pruneAuditLog(db, id, new Date(cutoff.getTime() - MARGIN_MS))
    }
    const last = batch.at(-1)
    if (!last || batch.length < 500) return deleted
    after = last.id
  }
}

export interface AuditPrune {
  /** Creates the queue, starts this instance's worker and makes sure the next prune is queued. */
  start(): Promise<void>
}

/**
 * The daily prune on the process's pg-boss: one job queued at a time (the queue's `stately`
 * policy drops the copies every instance queues at start), run by one instance, which queues
 * the next one a day later. A prune that fails is retried; one missed while every instance was
 * down runs at the next start.
 */
export function createAuditPrune(options: {
  db: Database
  queue: () => PgBoss
  logger: Pick<Logger, 'info' | 'warn'>
}): AuditPrune {
  const { db, queue, logger } = options
  async function queueNext(boss: PgBoss, startAfter: Date): Promise<void> {
    await boss.send(AUDIT_PRUNE_QUEUE, {}, { startAfter, singletonKey: 'daily' })
  }
  return {
    async start() {
      const boss = queue()
      await ensureQueue(boss, AUDIT_PRUNE_QUEUE, {
        policy: 'stately',
        retryLimit: 5,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 3600,
        deleteAfterSeconds: 7 * 24 * 3600,
      })
      await boss.work(AUDIT_PRUNE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
        const deleted = await pruneExpiredAuditLogs(db)
        if (deleted > 0) logger.info('[audit] pruned entries past the plans’ history', { deleted })
        await queueNext(boss, new Date(Date.now() + DAY_MS))
      })
      // The first prune a minute after the first start; later starts find it queued already.
      await queueNext(boss, new Date(Date.now() + 60_000))
    },
  }
}
