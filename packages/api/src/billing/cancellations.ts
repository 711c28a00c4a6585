import { and, eq, isNotNull, notInArray } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import Stripe from 'stripe'
import { subscription } from '../db/schema.ts'
import type { Transaction } from '../domain/events.ts'
import type { Logger } from '../log.ts'
import { ensureQueue, runNow, transactionDb } from '../webhooks/queue.ts'

/** The pg-boss queue of Stripe subscriptions to cancel because their organization was deleted. */
export const CANCEL_SUBSCRIPTION_QUEUE = 'billing-cancel-subscription'

/**
 * One Stripe subscription to cancel. Only Stripe's ids: the organization is gone by the time the
 * job runs, and these are what an operator looks up in Stripe's dashboard.
 */
export interface CancelSubscriptionJob {
  stripeSubscriptionId: string
  stripeCustomerId: string | null
}

/** A cancellation as the queue holds it. */
export interface QueuedCancellation {
  id: string
  data: CancelSubscriptionJob
  state: string
  retryCount: number
}

/** Stripe statuses after which Stripe bills nothing more: there is nothing left to cancel. */
export const ENDED_STRIPE_STATUSES: string[] = ['canceled', 'incomplete_expired']

/** Billing's background work: cancelling at Stripe what deleted organizations paid for. */
export interface BillingJobs {
  /** Creates the queue (idempotent) and starts the worker when Stripe is configured. */
  start(): Promise<void>
  /**
   * Queues, inside `tx`, the cancellation of every Stripe subscription of the organization that
   * Stripe may still bill. The caller is deleting the organization in `tx`: the jobs exist only if
   * that commits. Nothing is queued when Stripe is not configured. Returns the queued ids.
   */
  cancelStripeSubscriptions(tx: Transaction, organizationId: string): Promise<string[]>
  /**
   * Queues the cancellation of a live Stripe subscription whose organization no longer exists
   * (a checkout that completed after its organization was deleted); once per subscription.
   */
  cancelOrphan(job: CancelSubscriptionJob): Promise<void>
  /** Every cancellation job the queue holds, whatever its state. */
  jobs(): Promise<QueuedCancellation[]>
  /** Makes every cancellation waiting for its next retry due now (tests, operators). */
  runDue(): Promise<number>
}

export interface BillingJobsOptions {
  /** The process's started pg-boss instance (shared with webhook delivery). */
  queue: () => PgBoss
  /** Stripe's client; null when Stripe is not configured (the self-hosted provider). */
  stripe: Stripe | null
  logger: Logger
}

/**
 * Stripe may be down for a while: about 20 attempts over two to three days (30 s, doubling with
 * jitter, at most 6 h apart) before the job fails and is logged for a person to finish by hand.
 */
const RETRY = { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 6 * 3600 }

export function createBillingJobs({ queue, stripe, logger }: BillingJobsOptions): BillingJobs {
  let workerId: string | null = null

  async function cancel(job: Job<CancelSubscriptionJob>): Promise<void> {
    if (!stripe) throw new Error('Stripe is not configured: the subscription can not be cancelled.')
    const { stripeSubscriptionId: id, stripeCustomerId: customer } = job.data
    const fields = { stripeSubscriptionId: id, stripeCustomerId: customer, attempt: job.retryCount }
    try {
      await stripe.subscriptions.cancel(
        id,
        {},
        {
          // One key per attempt: Stripe replays a saved answer, 500s included, for 24 hours, so
          // reusing one key would repeat a failure; a second cancel of a cancelled subscription
          // is a harmless 404, handled below.
          idempotencyKey: `headmark-cancel-${id}-${job.retryCount}`,
          // The queue retries, with backoff; one request per attempt keeps the count plain.
          maxNetworkRetries: 0,
        },
      )
      logger.info('[billing] cancelled the Stripe subscription of a deleted organization', fields)
    } catch (error) {
      // Stripe answers 404 resource_missing for a subscription that is already cancelled (or was
      // never there): nothing is billed, the work is done.
      if (
        error instanceof Stripe.errors.StripeError &&
        (error.statusCode === 404 || error.code === 'resource_missing')
      ) {
        logger.info('[billing] the Stripe subscription was already cancelled or unknown', fields)
        return
      }
      const last = job.retryCount >= RETRY.retryLimit
      logger.error(
        last
          ? '[billing] giving up cancelling a Stripe subscription: cancel it in Stripe’s dashboard'
          : '[billing] cancelling a Stripe subscription failed; it will be retried',
        error,
        fields,
      )
      throw error
    }
  }

  const jobs: BillingJobs = {
    async start() {
      const boss = queue()
      await ensureQueue(boss, CANCEL_SUBSCRIPTION_QUEUE, {
        notify: true,
        ...RETRY,
        // Stripe's client gives up after 20 s; a claim older than this is a dead worker's.
        expireInSeconds: 60,
        retentionSeconds: 14 * 24 * 3600,
        // Finished cancellations stay a month: the record of what was cancelled, and when.
        deleteAfterSeconds: 30 * 24 * 3600,
      })
      if (!stripe || workerId) return
      workerId = await boss.work<CancelSubscriptionJob>(
        CANCEL_SUBSCRIPTION_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 5, notifyPollingIntervalSeconds: 30 },
        async ([job]) => {
          if (job) await cancel(job)
        },
      )
    },
    async cancelStripeSubscriptions(tx, organizationId) {
      // Locked so that a Stripe event changing one of them commits first and is read here.
      const live = await tx
        .select({
          stripeSubscriptionId: subscription.stripeSubscriptionId,
          stripeCustomerId: subscription.stripeCustomerId,
        })
        .from(subscription)
        .where(
          and(
            eq(subscription.referenceId, organizationId),
            isNotNull(subscription.stripeSubscriptionId),
            notInArray(subscription.status, ENDED_STRIPE_STATUSES),
          ),
        )
        .for('update')
      if (live.length === 0) return []
      const ids = live.map((row) => row.stripeSubscriptionId as string)
      if (!stripe) {
        logger.warn(
          '[billing] Stripe is not configured: the deleted organization’s Stripe subscriptions were not cancelled',
          { stripeSubscriptionIds: ids },
        )
        return []
      }
      const db = transactionDb(tx)
      for (const row of live) {
        const data: CancelSubscriptionJob = {
          stripeSubscriptionId: row.stripeSubscriptionId as string,
          stripeCustomerId: row.stripeCustomerId,
        }
        await queue().send(CANCEL_SUBSCRIPTION_QUEUE, { ...data }, { db })
      }
      return ids
    },
    async cancelOrphan(data) {
      logger.warn(
        '[billing] a Stripe subscription was bought for an organization that no longer exists: cancelling it',
        { ...data },
      )
      if (!stripe) return
      const waiting = await queue().findJobs<CancelSubscriptionJob>(CANCEL_SUBSCRIPTION_QUEUE, {
        data: { stripeSubscriptionId: data.stripeSubscriptionId },
        queued: true,
      })
      if (waiting.length === 0) await queue().send(CANCEL_SUBSCRIPTION_QUEUE, { ...data })
    },
    async jobs() {
      const found = await queue().findJobs<CancelSubscriptionJob>(CANCEL_SUBSCRIPTION_QUEUE)
      return found.map((job) => ({
        id: job.id,
        data: job.data,
        state: job.state,
        retryCount: job.retryCount,
      }))
    },
    async runDue() {
      const boss = queue()
      const waiting = await boss.findJobs<CancelSubscriptionJob>(CANCEL_SUBSCRIPTION_QUEUE, {
        queued: true,
      })
      return runNow(
        boss,
        CANCEL_SUBSCRIPTION_QUEUE,
        waiting.map((job) => job.id),
        workerId,
      )
    },
  }
  return jobs
}
