import { z } from 'zod'
import { RESERVED_ORGANIZATION_SLUGS } from '../slugs.ts'

export const organizationNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the organization a name.')
  .max(100, 'The name can have at most 100 characters.')

/** An organization's URL name: what `organizations.create` accepts. */
export const organizationSlugSchema = z
  .string()
  .trim()
  .min(3, 'The slug needs at least 3 characters.')
  .max(48, 'The slug can have at most 48 characters.')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lowercase letters, digits and single hyphens, starting and ending with a letter or digit.',
  )

/** A slug an organization may take: the format, and not one of the app's own route names. */
export const newOrganizationSlugSchema = organizationSlugSchema.refine(
  (slug) => !RESERVED_ORGANIZATION_SLUGS.has(slug),
  { message: 'This slug is reserved by Headmark; choose another.' },
)

/** `organizations.create` */
export const createOrganizationInput = z.object({
  name: organizationNameSchema,
  slug: newOrganizationSlugSchema,
})

/** `organizations.update` */
export const updateOrganizationInput = z.object({
  organizationSlug: z.string(),
  name: organizationNameSchema.optional(),
  slug: newOrganizationSlugSchema.optional(),
})
