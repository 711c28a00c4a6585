import { z } from 'zod'
import { IMPORT_HEAD_SOURCES, IMPORT_SOURCES } from './import-limits.ts'
import { pageSiteRef } from './pages.ts'

// The import form's fields (browser-safe): where the URLs come from and which head is read.

export * from './import-limits.ts'

/** `imports.start` */
export const startImportInput = z.object({
  ...pageSiteRef,
  source: z.enum(IMPORT_SOURCES, { error: 'Choose the sitemap, a list of URLs or one URL.' }),
  /** The sitemap's address (sitemap imports); blank: robots.txt's Sitemap: lines, then /sitemap.xml. */
  sitemapUrl: z
    .string()
    .trim()
    .max(2000, 'The sitemap’s address can have at most 2,000 characters.')
    .default(''),
  /** The pasted list (one URL or path per line), or the one URL. */
  urls: z.string().max(1_000_000, 'The list is too long: paste at most 20,000 URLs.').default(''),
  headSource: z.enum(IMPORT_HEAD_SOURCES).default('html'),
})
export type StartImportInput = z.input<typeof startImportInput>

/** `imports.verifyOwnership`: the home page's address (blank: https://<the site's hostname>/). */
export const verifyOwnershipInput = z.object({
  ...pageSiteRef,
  homeUrl: z
    .string()
    .trim()
    .max(2000, 'The address can have at most 2,000 characters.')
    .default(''),
})
