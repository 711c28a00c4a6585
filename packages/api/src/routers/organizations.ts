import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { eq, like, or } from 'drizzle-orm'
import { z } from 'zod'
import { member, organization } from '../db/schema.ts'
import { consumeLimit, describeWait, limits } from '../limits.ts'
import { authedProcedure } from '../rpc/base.ts'
import { organizationSlugSchema } from '../rpc/organization-guard.ts'
import { shortPrefix } from '../user-fields.ts'
import { firstFreeSlug, RESERVED_ORGANIZATION_SLUGS, slugify } from '../slugs.ts'

const organizationNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the organization a name.')
  .max(100, 'The name can have at most 100 characters.')

function slugTaken(slug: string): ORPCError<'CONFLICT', undefined> {
  return new ORPCError('CONFLICT', {
    message: `The slug "${shortPrefix(slug)}" is already taken.`,
  })
}

/** Postgres reports a unique-constraint violation as SQLSTATE 23505 (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

export const organizationsRouter = {
  /** A free slug for an organization name: the slugified name, then -2, -3… */
  suggestSlug: authedProcedure
    .route({ method: 'GET' })
    .input(z.object({ name: z.string().max(200) }))
    .output(z.object({ slug: z.string() }))
    .handler(async ({ context, input }) => {
      const base = slugify(input.name)
      // Every slug the search could land on starts with the base's first 44 characters.
      const prefix = base.slice(0, 44).replace(/-+$/, '')
      const rows = await context.db
        .select({ slug: organization.slug })
        .from(organization)
        .where(or(eq(organization.slug, base), like(organization.slug, `${prefix}%`)))
      return { slug: firstFreeSlug(base, new Set(rows.map((row) => row.slug))) }
    }),

  /** Creates an organization with the caller as its owner, all or nothing. */
  create: authedProcedure
    .input(
      z.object({
        name: organizationNameSchema,
        slug: organizationSlugSchema.refine((slug) => !RESERVED_ORGANIZATION_SLUGS.has(slug), {
          message: 'This slug is reserved by Headmark; choose another.',
        }),
      }),
    )
    .output(z.object({ id: z.string(), name: z.string(), slug: z.string() }))
    .handler(async ({ context, input }) => {
      if (context.rateLimit !== false) {
        const { allowed, retryAfterSeconds } = await consumeLimit(
          context.db,
          `headmark:organizations:${context.user.id}`,
          limits.organizationsPerUser,
        )
        if (!allowed) {
          throw new ORPCError('TOO_MANY_REQUESTS', {
            message: `You have created ${limits.organizationsPerUser.max} organizations today. Try again in ${describeWait(retryAfterSeconds)}.`,
          })
        }
      }
      const created = { id: randomUUID(), name: input.name, slug: input.slug }
      try {
        await context.db.transaction(async (tx) => {
          const [existing] = await tx
            .select({ id: organization.id })
            .from(organization)
            .where(eq(organization.slug, input.slug))
            .limit(1)
          if (existing) throw slugTaken(input.slug)
          await tx.insert(organization).values(created)
          await tx.insert(member).values({
            id: randomUUID(),
            organizationId: created.id,
            userId: context.user.id,
            role: 'owner',
          })
        })
      } catch (error) {
        // Two people racing for one slug: the unique index decides, the loser gets CONFLICT.
        if (isUniqueViolation(error)) throw slugTaken(input.slug)
        throw error
      }
      return created
    }),
}
