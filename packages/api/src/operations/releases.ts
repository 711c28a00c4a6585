import { eq, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Database } from '../db/client.ts'
import { changeRequest, organization, site, user } from '../db/schema.ts'
import type { ChangeRequestOutcome } from '../db/schema/change-requests.ts'
import { recordAudit, SYSTEM_ACTOR } from '../domain/audit.ts'
import { conflictError, publishInTransaction, ReleaseConflict } from '../domain/change-requests.ts'
import type { CoreEvents, Transaction } from '../domain/events.ts'
import { changeRequestNewsEmail, reviewRequestedEmail } from '../emails.ts'
import type { Logger } from '../log.ts'
import type { Mailer } from '../mailer.ts'
import { ensureQueue, transactionDb } from '../webhooks/queue.ts'

/** The pg-boss queue of scheduled change-request releases. */
export const RELEASE_QUEUE = 'change-request-release'

/** One scheduled release: the request, and the time it was scheduled for when queued. */
export interface ReleaseJob {
  changeRequestId: string
  organizationId: string
  /** ISO time; a job whose time is no longer the request's (rescheduled, cancelled) does nothing. */
  scheduledFor: string
}

/**
 * Queues the release of a change request at `at`, inside the caller's transaction (it exists
 * only if the scheduling commits). Rescheduling queues another job; the old one finds the
 * request no longer scheduled for its time and does nothing.
 */
export async function queueRelease(
  boss: PgBoss,
  tx: Transaction,
  job: { changeRequestId: string; organizationId: string; at: Date },
): Promise<void> {
  const data: ReleaseJob = {
    changeRequestId: job.changeRequestId,
    organizationId: job.organizationId,
    scheduledFor: job.at.toISOString(),
  }
  await boss.send(RELEASE_QUEUE, { ...data }, { startAfter: job.at, db: transactionDb(tx) })
}

/** Where a change request opens in the app. */
export async function changeRequestUrl(
  db: Database,
  appUrl: string,
  changeRequestId: string,
): Promise<{ url: string; title: string; siteHostname: string; authorEmail: string | null }> {
  const [row] = await db
    .select({
      title: changeRequest.title,
      slug: organization.slug,
      hostname: site.hostname,
      authorEmail: user.email,
    })
    .from(changeRequest)
    .innerJoin(organization, eq(organization.id, changeRequest.organizationId))
    .innerJoin(site, eq(site.id, changeRequest.siteId))
    .leftJoin(user, eq(user.id, changeRequest.authorId))
    .where(eq(changeRequest.id, changeRequestId))
  if (!row) return { url: appUrl, title: '', siteHostname: '', authorEmail: null }
  const url = new URL(
    `/app/organizations/${encodeURIComponent(row.slug)}/sites/${encodeURIComponent(row.hostname)}/change-requests/${encodeURIComponent(changeRequestId)}`,
    appUrl,
  ).toString()
  return { url, title: row.title, siteHostname: row.hostname, authorEmail: row.authorEmail }
}

/** E-mails the request's author some news; a mail failure is logged, never propagated. */
export async function tellAuthor(
  deps: { db: Database; mailer: Mailer; appUrl: string; logger?: Pick<Logger, 'warn'> },
  changeRequestId: string,
  news: string,
): Promise<void> {
  try {
    const found = await changeRequestUrl(deps.db, deps.appUrl, changeRequestId)
    if (!found.authorEmail) return
    await deps.mailer.send({
      to: found.authorEmail,
      ...changeRequestNewsEmail({
        title: found.title,
        siteHostname: found.siteHostname,
        news,
        url: found.url,
      }),
    })
  } catch (error) {
    deps.logger?.warn(
      `[change-requests] could not e-mail the author: ${(error as Error).message.slice(0, 200)}`,
    )
  }
}

/** E-mails reviewers that their review is asked for; a mail failure is logged. */
export async function askReviewers(
  deps: { db: Database; mailer: Mailer; appUrl: string; logger?: Pick<Logger, 'warn'> },
  changeRequestId: string,
  authorName: string,
  emails: string[],
): Promise<void> {
  if (emails.length === 0) return
  const found = await changeRequestUrl(deps.db, deps.appUrl, changeRequestId)
  for (const to of emails) {
    try {
      await deps.mailer.send({
        to,
        ...reviewRequestedEmail({
          authorName,
          title: found.title,
          siteHostname: found.siteHostname,
          url: found.url,
        }),
      })
    } catch (error) {
      deps.logger?.warn(
        `[change-requests] could not e-mail a reviewer: ${(error as Error).message.slice(0, 200)}`,
      )
    }
  }
}

export interface ReleasesOptions {
  db: Database
  events: CoreEvents
  /** The process's started pg-boss (webhook delivery's). */
  queue: () => PgBoss
  mailer: Mailer
  appUrl: string
  logger: Logger
}

export interface Releases {
  /** Creates the queue and starts this instance's worker. */
  start(): Promise<void>
  /** Publishes a due release (what the worker runs); exported for tests. */
  release(job: ReleaseJob): Promise<'published' | 'stale' | 'conflict'>
}

/**
 * Publishes scheduled change requests at their time. Every instance runs a worker; pg-boss hands
 * a job to one of them (`FOR UPDATE SKIP LOCKED`), retries it elsewhere when its worker dies
 * (its heartbeat stops), and the publishing transaction itself makes a release happen once: it
 * locks the request and publishes only while it is still `scheduled` for the job's time. A
 * release whose pages were saved since their draft publishes nothing and goes back to
 * `approved`, with the conflicts in its outcome and an e-mail to the author.
 */
export function createReleases(options: ReleasesOptions): Releases {
  const { db, events, queue, logger } = options

  async function release(job: ReleaseJob): Promise<'published' | 'stale' | 'conflict'> {
    const scheduledFor = new Date(job.scheduledFor)
    try {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ scheduledById: changeRequest.scheduledById })
          .from(changeRequest)
          .where(eq(changeRequest.id, job.changeRequestId))
        const published = await publishInTransaction(tx, events, {
          organizationId: job.organizationId,
          changeRequestId: job.changeRequestId,
          publisherId: row?.scheduledById ?? null,
          expect: { scheduledFor },
        })
        // Headmark publishes it, at the time the person who scheduled it chose.
        if (published) {
          await recordAudit(tx, {
            organizationId: job.organizationId,
            actor: SYSTEM_ACTOR,
            action: 'change_request.published',
            target: {
              kind: 'change_request',
              id: published.row.id,
              label: published.row.title,
            },
            summary: {
              after: {
                scheduledFor: scheduledFor.toISOString(),
                scheduledById: row?.scheduledById ?? null,
                ...published.outcome,
              },
            },
            clientAddress: null,
          })
        }
        return published
      })
      if (!done) return 'stale'
      events.siteChanged(done.row.siteId, { changeSetApplied: true, revisionSaved: true })
      logger.info('[releases] published a scheduled change request', {
        changeRequestId: job.changeRequestId,
      })
      await tellAuthor(options, job.changeRequestId, 'It was published at its scheduled time.')
      return 'published'
    } catch (error) {
      if (!(error instanceof ReleaseConflict)) throw error
      const failure = conflictError(error).message
      const outcome: ChangeRequestOutcome = {
        applied: 0,
        created: 0,
        unchanged: 0,
        defaults: false,
        conflicts: error.conflicts,
        failure,
      }
      const moved = await db
        .update(changeRequest)
        .set({ status: 'approved', scheduledFor: null, outcome })
        .where(
          sql`${changeRequest.id} = ${job.changeRequestId} and ${changeRequest.status} = 'scheduled'
            and ${changeRequest.scheduledFor} = ${scheduledFor.toISOString()}`,
        )
        .returning({ id: changeRequest.id })
      if (moved.length > 0) {
        await tellAuthor(
          options,
          job.changeRequestId,
          'Its scheduled release published nothing, because pages were saved since it was drafted. Re-base or drop them, then schedule it again.',
        )
      }
      return 'conflict'
    }
  }

  return {
    release,
    async start() {
      const boss = queue()
      await ensureQueue(boss, RELEASE_QUEUE, {
        notify: true,
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
        retryDelayMax: 120,
        heartbeatSeconds: 10,
        expireInSeconds: 120,
        deleteAfterSeconds: 7 * 24 * 3600,
        retentionSeconds: 365 * 24 * 3600,
      })
      await boss.work<ReleaseJob>(
        RELEASE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
        async ([job]) => {
          if (job) await release(job.data)
        },
      )
    },
  }
}
