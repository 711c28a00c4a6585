import { z } from 'zod'
import { normalizeHostname } from '../domain/hostnames.ts'
import { TITLE_PLACEHOLDER } from '../domain/served-metadata.ts'
import { LOCALE_URL_KINDS, SITE_LOCALES_MAX } from '../domain/site-locales.ts'
import { lookupText, storable } from './text.ts'

const SITE_NAME_MAX = 100
const TITLE_TEMPLATE_MAX = 512

export const siteNameSchema = storable('The name')
  .refine((value) => value.trim() !== '', 'Give the site a name.')
  .refine(
    (value) => value.length <= SITE_NAME_MAX,
    `The name can have at most ${SITE_NAME_MAX} characters.`,
  )

/**
 * The hostname as typed. It is checked with the rule every environment shares; sites.create and
 * sites.update then normalise it with the server's own options (localhost is refused in
 * production only), with the same messages.
 */
export const hostnameInputSchema = z.string().superRefine((value, context) => {
  const result = normalizeHostname(value, { production: false })
  if (!result.ok) context.addIssue({ code: 'custom', message: result.message })
})

export const titleTemplateSchema = storable('The title template')
  .refine(
    (value) => value.length <= TITLE_TEMPLATE_MAX,
    `The title template can have at most ${TITLE_TEMPLATE_MAX} characters.`,
  )
  .refine(
    (value) => value.trim() === '' || value.includes(TITLE_PLACEHOLDER),
    `Put ${TITLE_PLACEHOLDER} where the page’s title goes, e.g. “${TITLE_PLACEHOLDER} · Acme”, or leave it empty.`,
  )
  .nullable()

/** A site of the caller's organization, by hostname. */
export const siteRef = z.object({
  organizationSlug: z.string(),
  siteHostname: lookupText('The hostname', 4096),
})

/** `sites.create` */
export const createSiteInput = z.object({
  organizationSlug: z.string(),
  name: siteNameSchema,
  hostname: hostnameInputSchema,
})

/** `sites.update` */
export const updateSiteInput = siteRef.extend({
  name: siteNameSchema.optional(),
  hostname: hostnameInputSchema.optional(),
  titleTemplate: titleTemplateSchema.optional(),
  requireApiKey: z.boolean().optional(),
})

/** A site's stored locales, as procedures return them. */
export const siteLocalesSchema = z.object({
  defaultLocale: z.string(),
  locales: z.array(
    z.object({
      code: z.string(),
      url: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('path-prefix'), prefix: z.string() }),
        z.object({ kind: z.literal('subdomain'), subdomain: z.string() }),
        z.object({ kind: z.literal('domain'), hostname: z.string() }),
      ]),
    }),
  ),
})

/**
 * `sites.updateLocales`: the settings form's rows (no rows: the site has one language). The
 * rows' codes and URLs are checked together by the server (`siteLocalesFromRows`), which puts
 * each problem on its field.
 */
export const updateSiteLocalesInput = siteRef.extend({
  locales: z
    .array(
      z.object({
        code: lookupText('The language code', 64),
        kind: z.enum(LOCALE_URL_KINDS, {
          message: 'Choose how this locale’s URLs look: path prefix, subdomain or domain.',
        }),
        value: lookupText('The address', 300),
      }),
    )
    .max(SITE_LOCALES_MAX, `A site can have at most ${SITE_LOCALES_MAX} locales.`),
  defaultLocale: lookupText('The default locale', 64),
})
