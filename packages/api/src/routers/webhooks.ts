import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { checkWebhookQuota } from '../billing/quotas.ts'
import type { Database } from '../db/client.ts'
import { site, webhook, webhookCall, webhookDelivery, webhookMessage } from '../db/schema.ts'
import { livePreviousSecret } from '../domain/webhook-secrets.ts'
import { changedFields, contextActor, recordAudit } from '../domain/audit.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { createWebhookInput, updateWebhookInput, webhookIdSchema } from '../shared/webhooks.ts'
import { checkWebhookUrl } from '../webhooks/outbound-guard.ts'
import { DELIVERY_CHANNEL } from '../webhooks/queue.ts'
import { MAX_ATTEMPTS } from '../webhooks/schedule.ts'
import { generateWebhookSecret } from '../webhooks/secrets.ts'
import type { WebhookLiveEvent } from '../webhooks/worker.ts'

/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000
/** Calls per page of a webhook's history. */
export const CALLS_PAGE_SIZE = 20

/** A webhook as the screens show it (its secret only through `revealSecret`). */
export interface WebhookView {
  id: string
  siteHostname: string
  url: string
  description: string
  enabled: boolean
  legacyBearer: boolean
  /** At most this many deliveries per second; null: no limit. */
  throttle: number | null
  /** Attempts waiting in the queue (due or scheduled retries). */
  queuedAttempts: number
  /** When the next queued attempt is due; null when none waits. */
  nextAttemptAt: Date | null
  /** Why it was disabled by Headmark: `gone` (410), `failing` (5 days), or `manual`. */
  disabledReason: string | null
  disabledAt: Date | null
  /** Since when deliveries have failed without a success; null when the last one succeeded. */
  failingSince: Date | null
  /** Failed calls since the last success. */
  failureStreak: number
  lastCall: { status: number | null; error: string | null; createdAt: Date } | null
  /** While the previous secret still signs (24 h after a rotation). */
  previousSecretExpiresAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/** One attempt, shaped for `WebhookHistory`. */
export interface WebhookCallView {
  id: string
  messageId: string
  createdAt: Date
  eventType: string
  status: number | null
  networkError: string | null
  durationMs: number | null
  attempt: number
  maxAttempts: number
  trigger: 'automatic' | 'manual' | 'test'
  url: string
  request: { headers: Record<string, string>; body: string }
  response: { headers: Record<string, string>; body: string; truncated: boolean } | null
}

function notFound(what: string): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message: `${what} was not found in this organization. Check the address.`,
  })
}

function badUrl(message: string) {
  return new ORPCError('BAD_REQUEST', {
    message,
    data: { issues: [{ path: ['url'], message }] },
  })
}

/** A webhook as the audit log names it: its URL and its site. */
function webhookLabel(url: string, siteHostname: string): string {
  return `${url} (${siteHostname})`
}

export async function findSite(db: Database, organizationId: string, hostname: string) {
  const [row] = await db
    .select({ id: site.id, hostname: site.hostname })
    .from(site)
    .where(and(eq(site.organizationId, organizationId), eq(site.hostname, hostname)))
  if (!row) throw notFound(`The site "${hostname}"`)
  return row
}

/** The webhook, if it belongs to a site of the organization (NOT_FOUND otherwise, as unknown). */
export async function findWebhook(db: Database, organizationId: string, webhookId: string) {
  const [row] = await db
    .select({ webhook, siteHostname: site.hostname })
    .from(webhook)
    .innerJoin(site, eq(site.id, webhook.siteId))
    .where(and(eq(webhook.id, webhookId), eq(site.organizationId, organizationId)))
  if (!row) throw notFound('This webhook')
  return row
}

async function views(db: Database, where: ReturnType<typeof eq>): Promise<WebhookView[]> {
  const rows = await db
    .select({ webhook, siteHostname: site.hostname })
    .from(webhook)
    .innerJoin(site, eq(site.id, webhook.siteId))
    .where(where)
    .orderBy(webhook.createdAt, webhook.id)
  const result: WebhookView[] = []
  for (const row of rows) {
    const hook = row.webhook
    const [last] = await db
      .select({
        status: webhookCall.responseStatus,
        error: webhookCall.error,
        createdAt: webhookCall.createdAt,
      })
      .from(webhookCall)
      .where(eq(webhookCall.webhookId, hook.id))
      .orderBy(desc(webhookCall.createdAt), desc(webhookCall.id))
      .limit(1)
    const [streak] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookCall)
      .where(
        and(
          eq(webhookCall.webhookId, hook.id),
          or(
            isNull(webhookCall.responseStatus),
            lt(webhookCall.responseStatus, 200),
            gte(webhookCall.responseStatus, 300),
          ),
          sql`${webhookCall.createdAt} > coalesce((select max(c.created_at) from webhook_call c
            where c.webhook_id = ${hook.id} and c.response_status between 200 and 299), '-infinity')`,
        ),
      )
    const [backlog] = await db
      .select({
        count: sql<number>`count(*)::int`,
        next: sql<string | null>`min(${webhookDelivery.runAt})::text`,
      })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.webhookId, hook.id))
    result.push({
      id: hook.id,
      siteHostname: row.siteHostname,
      url: hook.url,
      description: hook.description,
      enabled: hook.enabled,
      legacyBearer: hook.legacyBearer,
      throttle: hook.throttle,
      queuedAttempts: backlog?.count ?? 0,
      nextAttemptAt: backlog?.next ? new Date(backlog.next) : null,
      disabledReason: hook.enabled ? null : hook.disabledReason,
      disabledAt: hook.enabled ? null : hook.disabledAt,
      failingSince: hook.failingSince,
      failureStreak: streak?.count ?? 0,
      lastCall: last ?? null,
      previousSecretExpiresAt: livePreviousSecret(hook)?.expiresAt ?? null,
      createdAt: hook.createdAt,
      updatedAt: hook.updatedAt,
    })
  }
  return result
}

async function viewOf(db: Database, webhookId: string): Promise<WebhookView> {
  const [view] = await views(db, eq(webhook.id, webhookId))
  if (!view) throw notFound('This webhook')
  return view
}

type CallRow = typeof webhookCall.$inferSelect & { eventType: string }

export function callView(row: CallRow): WebhookCallView {
  return {
    id: row.id,
    messageId: row.messageId,
    createdAt: row.createdAt,
    eventType: row.eventType,
    status: row.responseStatus,
    networkError: row.error,
    durationMs: row.durationMs,
    attempt: row.attempt,
    maxAttempts: row.trigger === 'automatic' ? MAX_ATTEMPTS : 1,
    trigger: row.trigger,
    url: row.url,
    request: { headers: row.requestHeaders, body: row.requestBody },
    response:
      row.responseStatus === null
        ? null
        : {
            headers: row.responseHeaders ?? {},
            body: row.responseBody ?? '',
            truncated: row.responseBodyTruncated,
          },
  }
}

/** An attempt waiting in the queue, shaped for `WebhookHistory` (above its calls). */
export interface QueuedAttemptView {
  id: string
  messageId: string
  eventType: string
  attempt: number
  maxAttempts: number
  trigger: 'automatic' | 'manual' | 'test'
  /** When it was queued. */
  queuedAt: Date
  /** When it runs (for a retry, the scheduled time; the past: due, waiting its turn). */
  nextAttemptAt: Date
  /** Being sent by an instance now. */
  running: boolean
}

/** Queued attempts listed at most, soonest first; `queuedTotal` counts them all. */
export const QUEUED_PAGE_SIZE = 50

/** `<createdAt ISO>|<id>`: the last call of a page, where the next page starts. */
const cursorSchema = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|.+$/, 'This page link is not valid any more: start again.')

export const webhooksRouter = {
  /** The webhooks of a site, oldest first. */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string(), siteHostname: z.string().min(1).max(253) }))
    .handler(async ({ context, input }): Promise<WebhookView[]> => {
      const target = await findSite(context.db, context.organization.id, input.siteHostname)
      return views(context.db, eq(webhook.siteId, target.id))
    }),

  /** One webhook, with its state (no secret). */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string(), webhookId: webhookIdSchema }))
    .handler(async ({ context, input }): Promise<WebhookView> => {
      await findWebhook(context.db, context.organization.id, input.webhookId)
      return viewOf(context.db, input.webhookId)
    }),

  /**
   * The webhook's calls, newest first, 20 per page; `status` filters by outcome. The first page
   * also lists the attempts waiting in the queue (`queued`, soonest first, with each one's next
   * attempt time) and how many there are (`queuedTotal`).
   */
  getCalls: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        organizationSlug: z.string(),
        webhookId: webhookIdSchema,
        status: z.enum(['all', 'succeeded', 'failed']).default('all'),
        cursor: cursorSchema.optional(),
      }),
    )
    .handler(
      async ({
        context,
        input,
      }): Promise<{
        /** Attempts waiting in the queue, soonest first (first page only; at most 50). */
        queued: QueuedAttemptView[]
        queuedTotal: number
        items: WebhookCallView[]
        nextCursor: string | null
      }> => {
        await findWebhook(context.db, context.organization.id, input.webhookId)
        const conditions = [eq(webhookCall.webhookId, input.webhookId)]
        const ok = sql`${webhookCall.responseStatus} between 200 and 299`
        if (input.status === 'succeeded') conditions.push(ok)
        if (input.status === 'failed') conditions.push(sql`not coalesce(${ok}, false)`)
        if (input.cursor) {
          const split = input.cursor.indexOf('|')
          const at = new Date(input.cursor.slice(0, split))
          const id = input.cursor.slice(split + 1)
          if (Number.isNaN(at.getTime())) {
            throw new ORPCError('BAD_REQUEST', { message: 'This page link is not valid any more.' })
          }
          conditions.push(
            sql`(${webhookCall.createdAt}, ${webhookCall.id}) < (${at.toISOString()}::timestamptz, ${id})`,
          )
        }
        const rows = await context.db
          .select({ call: webhookCall, eventType: webhookMessage.type })
          .from(webhookCall)
          .innerJoin(webhookMessage, eq(webhookMessage.id, webhookCall.messageId))
          .where(and(...conditions))
          .orderBy(desc(webhookCall.createdAt), desc(webhookCall.id))
          .limit(CALLS_PAGE_SIZE + 1)
        const page = rows.slice(0, CALLS_PAGE_SIZE)
        const last = page.at(-1)
        // The backlog comes with the first page only (the calls' pages follow).
        let queued: QueuedAttemptView[] = []
        let queuedTotal = 0
        if (!input.cursor && input.status !== 'succeeded') {
          const waiting = await context.db
            .select({
              delivery: webhookDelivery,
              eventType: webhookMessage.type,
              running: sql<boolean>`coalesce(${webhookDelivery.leaseUntil} > now(), false)`,
              total: sql<number>`(count(*) over ())::int`,
            })
            .from(webhookDelivery)
            .innerJoin(webhookMessage, eq(webhookMessage.id, webhookDelivery.messageId))
            .where(eq(webhookDelivery.webhookId, input.webhookId))
            .orderBy(webhookDelivery.runAt, webhookDelivery.id)
            .limit(QUEUED_PAGE_SIZE)
          queuedTotal = waiting[0]?.total ?? 0
          queued = waiting.map(({ delivery, eventType, running }) => ({
            id: delivery.id,
            messageId: delivery.messageId,
            eventType,
            attempt: delivery.attempt,
            maxAttempts: delivery.trigger === 'automatic' ? MAX_ATTEMPTS : 1,
            trigger: delivery.trigger,
            queuedAt: delivery.createdAt,
            nextAttemptAt: delivery.runAt,
            running,
          }))
        }
        return {
          queued,
          queuedTotal,
          items: page.map((row) => callView({ ...row.call, eventType: row.eventType })),
          nextCursor:
            rows.length > CALLS_PAGE_SIZE && last
              ? `${last.call.createdAt.toISOString()}|${last.call.id}`
              : null,
        }
      },
    ),

  /** Adds a webhook to a site; answers with its secret, shown once here and later on request. */
  create: organizationProcedure({ webhook: ['create'] })
    .input(createWebhookInput)
    .handler(async ({ context, input }): Promise<WebhookView & { secret: string }> => {
      const target = await findSite(context.db, context.organization.id, input.siteHostname)
      const check = await checkWebhookUrl(input.url, context.webhooks.policy)
      if (!check.ok) throw badUrl(check.message)
      const secret = generateWebhookSecret()
      const id = randomUUID()
      await context.db.transaction(async (tx) => {
        await checkWebhookQuota(tx, context.organization, target.id)
        await tx.insert(webhook).values({
          id,
          siteId: target.id,
          url: check.url.href,
          description: input.description,
          legacyBearer: input.legacyBearer,
          throttle: input.throttle,
          secretEncrypted: context.webhooks.secrets.seal(secret),
        })
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'webhook.created',
          target: { kind: 'webhook', id, label: webhookLabel(check.url.href, target.hostname) },
          summary: {
            after: {
              url: check.url.href,
              description: input.description,
              legacyBearer: input.legacyBearer,
              throttle: input.throttle,
            },
          },
        })
      })
      return { ...(await viewOf(context.db, id)), secret }
    }),

  /**
   * Changes the URL, description, legacy mode, throttle or enabled state. `enabled: false` pauses
   * the webhook (`disabledReason: 'manual'`): nothing new is queued for it, and the attempts
   * already waiting stay in the queue, unsent, until `enabled: true` resumes it and sends them.
   * Enabling a webhook Headmark disabled (`gone`, `failing`) clears the failure state and sends
   * only what happens next.
   */
  update: organizationProcedure({ webhook: ['update'] })
    .input(updateWebhookInput)
    .handler(async ({ context, input }): Promise<WebhookView> => {
      const found = await findWebhook(context.db, context.organization.id, input.webhookId)
      const changes: Partial<typeof webhook.$inferInsert> = { updatedAt: new Date() }
      if (input.url !== undefined) {
        const check = await checkWebhookUrl(input.url, context.webhooks.policy)
        if (!check.ok) throw badUrl(check.message)
        changes.url = check.url.href
      }
      if (input.description !== undefined) changes.description = input.description
      if (input.legacyBearer !== undefined) changes.legacyBearer = input.legacyBearer
      if (input.throttle !== undefined) changes.throttle = input.throttle
      if (input.enabled === true && !found.webhook.enabled) {
        Object.assign(changes, {
          enabled: true,
          disabledAt: null,
          disabledReason: null,
          failingSince: null,
        })
      }
      if (input.enabled === false && found.webhook.enabled) {
        Object.assign(changes, {
          enabled: false,
          disabledAt: new Date(),
          disabledReason: 'manual',
        })
      }
      await context.db.transaction(async (tx) => {
        await tx.update(webhook).set(changes).where(eq(webhook.id, input.webhookId))
        const hook = found.webhook
        const target = {
          kind: 'webhook',
          id: hook.id,
          label: webhookLabel(changes.url ?? hook.url, found.siteHostname),
        }
        const edited = changedFields(
          {
            url: hook.url,
            description: hook.description,
            legacyBearer: hook.legacyBearer,
            throttle: hook.throttle,
          },
          {
            url: changes.url ?? hook.url,
            description: changes.description ?? hook.description,
            legacyBearer: changes.legacyBearer ?? hook.legacyBearer,
            throttle: changes.throttle === undefined ? hook.throttle : changes.throttle,
          },
        )
        const actor = contextActor(context)
        const organizationId = context.organization.id
        if (Object.keys(edited.after ?? {}).length > 0) {
          await recordAudit(tx, {
            organizationId,
            actor,
            action: 'webhook.updated',
            target,
            summary: edited,
          })
        }
        if (changes.enabled !== undefined) {
          await recordAudit(tx, {
            organizationId,
            actor,
            action: changes.enabled ? 'webhook.resumed' : 'webhook.paused',
            target,
            summary: {
              before: { enabled: hook.enabled, disabledReason: hook.disabledReason },
              after: { enabled: changes.enabled },
            },
          })
        }
      })
      if (changes.enabled === true && found.webhook.disabledReason !== 'manual') {
        // Enabled again after Headmark disabled it: nothing old goes out, unless redelivered by
        // hand. A paused webhook's waiting attempts are sent now instead.
        await context.webhooks.cancelQueued(input.webhookId)
      } else if (changes.enabled === true) {
        // Resumed: the instances look at the queue now rather than at their next poll.
        await context.db.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, '')`)
      }
      if (changes.enabled !== undefined) {
        context.webhooks.notify({ type: 'webhook', webhookId: input.webhookId })
      }
      return viewOf(context.db, input.webhookId)
    }),

  /** Deletes a webhook and its history. */
  delete: organizationProcedure({ webhook: ['delete'] })
    .input(z.object({ organizationSlug: z.string(), webhookId: webhookIdSchema }))
    .handler(async ({ context, input }) => {
      const found = await findWebhook(context.db, context.organization.id, input.webhookId)
      await context.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(webhook)
          .where(eq(webhook.id, input.webhookId))
          .returning({ id: webhook.id })
        if (deleted.length === 0) return
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'webhook.deleted',
          target: {
            kind: 'webhook',
            id: found.webhook.id,
            label: webhookLabel(found.webhook.url, found.siteHostname),
          },
          summary: { before: { url: found.webhook.url, description: found.webhook.description } },
        })
      })
      await context.webhooks.cancelQueued(input.webhookId)
      return { ok: true as const }
    }),

  /** The secret (and, during the 24 h after a rotation, the previous one). */
  revealSecret: organizationProcedure({ webhook: ['reveal-secret'] })
    .input(z.object({ organizationSlug: z.string(), webhookId: webhookIdSchema }))
    .handler(async ({ context, input }) => {
      const { webhook: hook } = await findWebhook(
        context.db,
        context.organization.id,
        input.webhookId,
      )
      const previous = livePreviousSecret(hook)
      return {
        secret: context.webhooks.secrets.open(hook.secretEncrypted),
        previousSecret: previous ? context.webhooks.secrets.open(previous.encrypted) : null,
        previousSecretExpiresAt: previous?.expiresAt ?? null,
      }
    }),

  /** A new secret; the old one keeps signing (beside it) for 24 hours. */
  rotateSecret: organizationProcedure({ webhook: ['rotate-secret'] })
    .input(z.object({ organizationSlug: z.string(), webhookId: webhookIdSchema }))
    .handler(async ({ context, input }) => {
      const { webhook: hook, siteHostname } = await findWebhook(
        context.db,
        context.organization.id,
        input.webhookId,
      )
      const secret = generateWebhookSecret()
      const previousSecretExpiresAt = new Date(Date.now() + SECRET_OVERLAP_MS)
      await context.db.transaction(async (tx) => {
        await tx
          .update(webhook)
          .set({
            secretEncrypted: context.webhooks.secrets.seal(secret),
            previousSecretEncrypted: hook.secretEncrypted,
            previousSecretExpiresAt,
            updatedAt: new Date(),
          })
          .where(eq(webhook.id, hook.id))
        // Never the secrets themselves: only when the previous one stops signing.
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'webhook.secret_rotated',
          target: { kind: 'webhook', id: hook.id, label: webhookLabel(hook.url, siteHostname) },
          summary: { after: { previousSecretExpiresAt } },
        })
      })
      return { secret, previousSecretExpiresAt }
    }),

  /**
   * Follows a webhook live (server-sent events): yields `ready`, then `call` for each new call and
   * `webhook` when its state changes. Events raised by this instance arrive at once; calls made by
   * other instances on the same PostgreSQL are noticed within 5 seconds. The RPC handler keeps the
   * stream alive with a comment every 5 seconds.
   */
  watch: organizationProcedure()
    .input(z.object({ organizationSlug: z.string(), webhookId: webhookIdSchema }))
    .handler(async function* ({ context, input, signal }) {
      await findWebhook(context.db, context.organization.id, input.webhookId)
      const pending: WebhookLiveEvent[] = []
      let wake: (() => void) | null = null
      const unsubscribe = context.webhooks.subscribe(input.webhookId, (event) => {
        pending.push(event)
        wake?.()
      })
      const latest = async () => {
        const [row] = await context.db
          .select({
            at: sql<string | null>`max(${webhookCall.createdAt})::text`,
            hook: sql<string | null>`max(${webhook.updatedAt})::text`,
          })
          .from(webhook)
          .leftJoin(webhookCall, eq(webhookCall.webhookId, webhook.id))
          .where(eq(webhook.id, input.webhookId))
        return row ? `${row.at}|${row.hook}` : null
      }
      try {
        let seen = await latest()
        yield { type: 'ready' as const, webhookId: input.webhookId }
        while (!signal?.aborted) {
          if (pending.length === 0) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 5_000)
              wake = () => {
                clearTimeout(timer)
                resolve()
              }
              signal?.addEventListener('abort', wake, { once: true })
            })
            wake = null
          }
          if (pending.length > 0) {
            const events = pending.splice(0)
            seen = await latest()
            for (const event of events) yield event
            continue
          }
          const now = await latest()
          if (now === null) return
          if (now !== seen) {
            seen = now
            yield { type: 'call' as const, webhookId: input.webhookId, callId: '' }
          }
        }
      } finally {
        unsubscribe()
      }
    }),

  /** Sends `{ "_type": "placeholder" }` once, with trigger `test`. */
  sendTest: organizationProcedure({ webhook: ['send'] })
    .input(z.object({ organizationSlug: z.string(), webhookId: webhookIdSchema }))
    .handler(async ({ context, input }) => {
      const { webhook: hook, siteHostname } = await findWebhook(
        context.db,
        context.organization.id,
        input.webhookId,
      )
      const messageId = await context.db.transaction(async (tx) => {
        const id = await context.webhooks.enqueueMessage(tx, {
          siteId: hook.siteId,
          payload: { _type: 'placeholder' },
          webhookIds: [hook.id],
          trigger: 'test',
        })
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'webhook.test_sent',
          target: { kind: 'webhook', id: hook.id, label: webhookLabel(hook.url, siteHostname) },
          summary: { after: { messageId: id } },
        })
        return id
      })
      return { messageId }
    }),
}
