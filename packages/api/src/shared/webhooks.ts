import { z } from 'zod'

export const webhookIdSchema = z.string().min(1).max(100)

export const webhookDescriptionSchema = z
  .string()
  .trim()
  .max(500, 'The description can have at most 500 characters.')

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the URL that receives the webhooks.')
  .max(2000, 'The URL can have at most 2,000 characters.')

/** At most this many deliveries per second to the webhook (like Svix's `throttle`); null: no limit. */
export const webhookThrottleSchema = z
  .number()
  .int('The rate is a whole number of deliveries per second.')
  .min(1, 'The rate is at least 1 delivery per second.')
  .max(10_000, 'The rate can be at most 10,000 deliveries per second.')
  .nullable()

/** `webhooks.create` (the server then checks the URL against the site and its policy). */
export const createWebhookInput = z.object({
  organizationSlug: z.string(),
  siteHostname: z.string().min(1).max(253),
  url: webhookUrlSchema,
  description: webhookDescriptionSchema.default(''),
  legacyBearer: z.boolean().default(false),
  throttle: webhookThrottleSchema.default(null),
})

/** `webhooks.update` */
export const updateWebhookInput = z.object({
  organizationSlug: z.string(),
  webhookId: webhookIdSchema,
  url: webhookUrlSchema.optional(),
  description: webhookDescriptionSchema.optional(),
  enabled: z.boolean().optional(),
  legacyBearer: z.boolean().optional(),
  throttle: webhookThrottleSchema.optional(),
})
