import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { organization } from './auth.ts'
import { createdAt, updatedAt } from './columns.ts'

/**
 * An organization's subscription to a plan of the catalogue (`billing/plans.ts`). The columns are
 * the ones `@better-auth/stripe` reads and writes, so the Stripe provider and the built-in
 * self-hosted provider share one table; a self-hosted subscription has no Stripe ids.
 */
export const subscription = pgTable(
  'subscription',
  {
    id: text('id').primaryKey(),
    /** A plan id of the catalogue: `free`, `starter`, `team` or `business`. */
    plan: text('plan').notNull(),
    /** The organization the subscription pays for. */
    referenceId: text('reference_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's subscription status: `active`, `trialing`, `past_due`, `canceled`, `incomplete`… */
    status: text('status').notNull().default('incomplete'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    trialStart: timestamp('trial_start', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').default(false),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    seats: integer('seats'),
    billingInterval: text('billing_interval'),
    stripeScheduleId: text('stripe_schedule_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscription_reference_id_idx').on(table.referenceId),
    index('subscription_stripe_subscription_id_idx').on(table.stripeSubscriptionId),
  ],
)
