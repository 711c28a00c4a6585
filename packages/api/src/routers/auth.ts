import { isPlatformAdmin } from '../admin.ts'
import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { member, organization } from '../db/schema.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { authedProcedure, publicProcedure } from '../rpc/base.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'

const organizationRoleSchema = z.enum(['owner', 'admin', 'member'])

const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  role: organizationRoleSchema,
  createdAt: z.date(),
})

export const authRouter = {
  /** The signed-in person, if any. */
  getSession: publicProcedure
    .route({ method: 'GET' })
    .output(
      z.object({
        user: z
          .object({
            id: z.string(),
            name: z.string(),
            email: z.string(),
            image: z.string().nullable().optional(),
            /** A platform admin (may open /app/admin). */
            platformAdmin: z.boolean().optional(),
            /** This session is an admin impersonating the user. */
            impersonating: z.boolean().optional(),
          })
          .optional(),
      }),
    )
    .handler(({ context }) => {
      if (!context.session) return {}
      const { id, name, email, image, role } = context.session.user
      const { impersonatedBy } = context.session.session
      return {
        user: {
          id,
          name,
          email,
          image: image ?? null,
          platformAdmin: isPlatformAdmin(role),
          impersonating: Boolean(impersonatedBy),
        },
      }
    }),

  /** The organizations the caller belongs to, with their role in each, by name. */
  getOrganizations: authedProcedure
    .route({ method: 'GET' })
    .output(z.array(organizationSummarySchema))
    .handler(async ({ context }) => {
      const rows = await context.db
        .select({
          id: organization.id,
          name: organization.name,
          slug: organization.slug,
          logo: organization.logo,
          createdAt: organization.createdAt,
          role: member.role,
        })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(eq(member.userId, context.user.id))
        .orderBy(asc(organization.name), asc(organization.slug))
      return rows.map((row) => ({ ...row, role: primaryOrganizationRole(row.role) }))
    }),

  /** One organization the caller belongs to. */
  getOrganization: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(organizationSummarySchema)
    .handler(({ context }) => ({
      ...context.organization,
      role: context.membership.role,
    })),
}
