import { z } from 'zod'
import { lookupText } from './text.ts'

// Raw page paths as typed; pagePathOf normalises them (a malformed escape is a BAD_REQUEST).
export const rawPagePathSchema = z.string()

/**
 * The path field of the page forms. The server reads a blank path as `/` (as the public API
 * does); a form asks for one instead, so that clearing the field by mistake creates nothing.
 */
export const pagePathFieldSchema = z
  .string()
  .refine((value) => value.trim() !== '', 'Enter the page’s path, e.g. /pricing.')

export const pageSiteRef = {
  organizationSlug: z.string(),
  siteHostname: lookupText('The hostname', 4096),
}

/** `pages.create` */
export const createPageInput = z.object({ ...pageSiteRef, path: rawPagePathSchema })

/** `pages.updatePath` */
export const updatePagePathInput = z.object({
  ...pageSiteRef,
  pagePath: rawPagePathSchema.nullable(),
  path: rawPagePathSchema,
})
