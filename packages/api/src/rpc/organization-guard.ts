import { ORPCError, ValidationError } from '@orpc/server'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { member, organization } from '../db/schema.ts'
import {
  type OrganizationPermission,
  type OrganizationRole,
  organizationRoleAllows,
  primaryOrganizationRole,
} from '../permissions.ts'
import { shortPrefix } from '../user-fields.ts'
import { authedProcedure } from './base.ts'

export { organizationSlugSchema } from '../shared/organizations.ts'

const guardInput = z.object({
  organizationSlug: z
    .string()
    .min(1)
    .max(256, 'The organization slug can have at most 256 characters.')
    // PostgreSQL refuses NUL in text parameters: refuse it here rather than fail with a 500.
    .refine((value) => !value.includes('\u0000'), 'The slug can not contain a NUL character.'),
})

/**
 * The one answer for a slug the caller can not reach, whether it does not exist or belongs to
 * others: the same message, so slugs can not be probed.
 */
export function organizationNotFound(slug: string): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message: `Organization "${shortPrefix(slug)}" was not found among your organizations. Check the address, or ask one of its owners to invite you.`,
  })
}

/** The organization a guarded procedure runs in, and the caller's membership of it. */
export interface OrganizationScope {
  organization: {
    id: string
    name: string
    slug: string
    logo: string | null
    createdAt: Date
  }
  membership: { id: string; role: OrganizationRole; storedRole: string }
}

/**
 * Procedures scoped to one organization, named by `organizationSlug` in their input. Strangers
 * and unknown slugs both get NOT_FOUND (with the same message, so slugs can not be probed);
 * members whose role lacks `permission` get FORBIDDEN. Adds `organization` and `membership` to
 * the context.
 *
 * @example
 * organizationProcedure({ organization: ['update'] })
 *   .input(z.object({ organizationSlug: z.string(), name: z.string() }))
 *   .handler(({ context }) => context.organization.id)
 */
export function organizationProcedure(permission?: OrganizationPermission) {
  return authedProcedure.use(async ({ context, next }, rawInput: unknown) => {
    const parsed = guardInput.safeParse(rawInput)
    if (!parsed.success) {
      throw new ORPCError('BAD_REQUEST', {
        message: 'Input validation failed',
        data: { issues: parsed.error.issues },
      })
    }
    const slug = parsed.data.organizationSlug
    const [row] = await context.db
      .select({ organization, membership: { id: member.id, role: member.role } })
      .from(organization)
      .innerJoin(member, eq(member.organizationId, organization.id))
      .where(and(eq(organization.slug, slug), eq(member.userId, context.user.id)))
      .limit(1)
    if (!row) throw organizationNotFound(slug)

    const storedRole = row.membership.role
    const denied =
      permission &&
      Object.entries(permission).find(
        ([resource, actions]) => !organizationRoleAllows(storedRole, { [resource]: actions }),
      )
    if (denied) {
      const [resource, actions] = denied
      throw new ORPCError('FORBIDDEN', {
        message: `You are not allowed to access resource: ${resource}. Your role in ${row.organization.name} (${primaryOrganizationRole(storedRole)}) can not ${actions.join('/')} it; ask an owner or an admin.`,
      })
    }

    const { id, name, logo, createdAt } = row.organization
    const scope: OrganizationScope = {
      organization: { id, name, slug: row.organization.slug, logo, createdAt },
      membership: { id: row.membership.id, role: primaryOrganizationRole(storedRole), storedRole },
    }
    try {
      return await next({ context: scope })
    } catch (error) {
      throw withReadableValidationMessage(error)
    }
  })
}

/**
 * oRPC refuses invalid input with the message "Input validation failed" and the issues in
 * `data.issues`. The form shows each issue on its field, but a toast or a client without a form
 * only has the message: make it the first issue's own message.
 */
function withReadableValidationMessage(error: unknown): unknown {
  if (!(error instanceof ORPCError) || error.code !== 'BAD_REQUEST') return error
  if (!(error.cause instanceof ValidationError)) return error
  const [first, ...rest] = error.cause.issues
  if (!first) return error
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more to fix)`
  return new ORPCError('BAD_REQUEST', {
    message: `${first.message}${more}`,
    data: error.data,
    cause: error.cause,
  })
}
