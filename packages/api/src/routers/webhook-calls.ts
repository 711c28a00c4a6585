import { ORPCError } from '@orpc/server'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { site, webhook, webhookCall } from '../db/schema.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'

export const webhookCallsRouter = {
  /**
   * Sends a call's message again, once, to its webhook (same body and `webhook-id`, trigger
   * `manual`), whether or not the webhook is enabled: it was asked for.
   */
  redeliver: organizationProcedure({ webhook: ['send'] })
    .input(z.object({ organizationSlug: z.string(), webhookCallId: z.string().min(1).max(100) }))
    .handler(async ({ context, input }) => {
      const [row] = await context.db
        .select({ messageId: webhookCall.messageId, webhookId: webhookCall.webhookId })
        .from(webhookCall)
        .innerJoin(webhook, eq(webhook.id, webhookCall.webhookId))
        .innerJoin(site, eq(site.id, webhook.siteId))
        .where(
          and(
            eq(webhookCall.id, input.webhookCallId),
            eq(site.organizationId, context.organization.id),
          ),
        )
      if (!row) {
        throw new ORPCError('NOT_FOUND', {
          message: 'This webhook call was not found in this organization.',
        })
      }
      await context.db.transaction((tx) =>
        context.webhooks.enqueueAttempt(tx, {
          messageId: row.messageId,
          webhookId: row.webhookId,
          attempt: 1,
          trigger: 'manual',
        }),
      )
      return { ok: true as const, messageId: row.messageId }
    }),
}
