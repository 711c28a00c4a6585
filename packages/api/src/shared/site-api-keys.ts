import { z } from 'zod'

/** A site of the caller's organization, by hostname (case does not matter). */
export const siteInput = z.object({
  organizationSlug: z.string().min(1),
  siteHostname: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .transform((hostname) => hostname.toLowerCase()),
})

// Stored exactly as typed (no trimming): a name is shown back as it was given.
export const apiKeyNameSchema = z
  .string()
  .refine((name) => name.trim() !== '', 'Give the key a name, e.g. “Production server”.')
  .max(100, 'The name can have at most 100 characters.')
  .refine((name) => !name.includes('\u0000'), 'The name can not contain a NUL character.')
  // PGlite reads text through a TextDecoder, which drops a leading byte-order mark: such a
  // name could not be shown back as it was given.
  .refine(
    (name) => !name.startsWith('\ufeff'),
    'The name can not start with an invisible byte-order mark (U+FEFF).',
  )

/** `siteApiKeys.create` */
export const createSiteApiKeyInput = siteInput.extend({ name: apiKeyNameSchema })
