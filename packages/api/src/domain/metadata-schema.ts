import {
  CUSTOM_TAG_NAME_PATTERN,
  customTagNameKey,
  HREFLANG_PATTERN,
  IMAGE_TYPE_PATTERN,
  isHttpUrl,
  isIconUrl,
  type JsonLdObject,
  LOCALE_PATTERN,
  MAX_IMAGE_PREVIEWS,
  METADATA_LIMITS,
  type Metadata,
  OPEN_GRAPH_DETERMINERS,
  OPEN_GRAPH_TYPES,
  TWITTER_CARDS,
} from '@headmark/metadata'
import { z } from 'zod'

// The one validation of the metadata object (public-api.md): what the editor saves, what
// revisions store, what the public API and webhooks serve. The field rules and limits are
// @headmark/metadata's (the editor checks a draft with the same ones); limits are generous for
// real pages and keep one revision small; the whole object is also capped at METADATA_MAX_BYTES.

export { METADATA_LIMITS }

/** The largest metadata object a revision may hold, as UTF-8 JSON. */
export const METADATA_MAX_BYTES = 64 * 1024

// Never stored: a NUL byte breaks PostgreSQL text and every consumer after it.
const text = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} can have at most ${max} characters.`)
    .refine((value) => !value.includes('\u0000'), `${label} can not contain a NUL character.`)

const absoluteUrl = (label: string) =>
  text(METADATA_LIMITS.url, label).refine(
    isHttpUrl,
    `${label} must be a full URL starting with https:// or http://.`,
  )

// Icons may also be a path on the customer's own site ("/favicon.svg").
const iconUrl = text(METADATA_LIMITS.url, 'The icon URL').refine(
  isIconUrl,
  'The icon URL must be a full URL (https://…) or a path on your site starting with /.',
)

const dimension = (label: string) =>
  z
    .number({ error: `Enter the ${label} in whole pixels.` })
    // isWholePixels, said as two messages.
    .int(`Enter the ${label} in whole pixels.`)
    .min(1, `The ${label} must be at least 1 pixel.`)
    .max(METADATA_LIMITS.pixels, `The ${label} can be at most ${METADATA_LIMITS.pixels} pixels.`)

const mimeType = text(METADATA_LIMITS.mimeType, 'The image type').regex(
  IMAGE_TYPE_PATTERN,
  'Use an image media type such as image/png or image/jpeg.',
)

const imageOf = (url: z.ZodType<string>) =>
  z.strictObject({
    url,
    alt: text(METADATA_LIMITS.text, 'The alternative text').optional(),
    width: dimension('width'),
    height: dimension('height'),
    mimeType,
  })

const image = imageOf(absoluteUrl('The image URL'))
const icon = imageOf(iconUrl)

const images = <T extends z.ZodType>(item: T) =>
  z.array(item).max(METADATA_LIMITS.images, `At most ${METADATA_LIMITS.images} images.`)

const locale = text(METADATA_LIMITS.locale, 'The locale').regex(
  LOCALE_PATTERN,
  'Use a locale such as en_US or fr_FR.',
)

const customTag = z.strictObject({
  name: text(METADATA_LIMITS.customTagName, 'The tag name')
    .min(1, 'Enter a name.')
    .regex(CUSTOM_TAG_NAME_PATTERN, 'Names can not contain spaces, quotes, <, >, = or /.'),
  content: text(METADATA_LIMITS.customTagContent, 'The tag content'),
})

const robots = z.strictObject({
  noindex: z.boolean().optional(),
  nofollow: z.boolean().optional(),
  noarchive: z.boolean().optional(),
  noimageindex: z.boolean().optional(),
  maxSnippet: z
    .number({ error: 'Enter the snippet length as a whole number of characters.' })
    .int('Enter the snippet length as a whole number of characters.')
    .min(-1, 'The snippet length is -1 (no limit), 0 (no snippet) or a number of characters.')
    .max(
      METADATA_LIMITS.maxSnippet,
      `The snippet length can be at most ${METADATA_LIMITS.maxSnippet}.`,
    )
    .optional(),
  maxImagePreview: z
    .enum(MAX_IMAGE_PREVIEWS, { error: `Choose one of: ${MAX_IMAGE_PREVIEWS.join(', ')}.` })
    .optional(),
  maxVideoPreview: z
    .number({ error: 'Enter the video preview in whole seconds.' })
    .int('Enter the video preview in whole seconds.')
    .min(-1, 'The video preview is -1 (no limit), 0 (a still image) or a number of seconds.')
    .max(
      METADATA_LIMITS.maxVideoPreview,
      `The video preview can be at most ${METADATA_LIMITS.maxVideoPreview} seconds.`,
    )
    .optional(),
})

const alternates = z
  .record(z.string(), absoluteUrl('The alternate URL'))
  .superRefine((value, ctx) => {
    const keys = Object.keys(value)
    if (keys.length > METADATA_LIMITS.alternates) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${METADATA_LIMITS.alternates} language versions.`,
      })
    }
    const seen = new Set<string>()
    for (const key of keys) {
      const folded = key.toLowerCase()
      if (!HREFLANG_PATTERN.test(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `“${key.slice(0, 64)}” is not a language tag: use one such as en, fr-CA or x-default.`,
        })
      } else if (seen.has(folded)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `“${key}” appears twice (language tags ignore case); keep one.`,
        })
      }
      seen.add(folded)
    }
  })

/**
 * Why a JSON-LD value can not be stored, or null when it can: only JSON (objects, arrays,
 * strings, finite numbers, booleans, null), nested at most `jsonLdDepth` deep, with no NUL.
 */
function jsonLdProblem(value: unknown, depth: number): string | null {
  if (depth > METADATA_LIMITS.jsonLdDepth) {
    return `Structured data can be nested at most ${METADATA_LIMITS.jsonLdDepth} levels deep.`
  }
  if (value === null || typeof value === 'boolean') return null
  if (typeof value === 'string') {
    return value.includes('\u0000') ? 'Structured data can not contain a NUL character.' : null
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : 'Structured data numbers must be finite.'
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonLdProblem(item, depth + 1)
      if (problem) return problem
    }
    return null
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'Structured data can not contain a NUL character.'
      const problem = jsonLdProblem(item, depth + 1)
      if (problem) return problem
    }
    return null
  }
  return 'Structured data must be JSON: objects, arrays, text, numbers, true, false or null.'
}

const jsonLdObject = z
  .custom<JsonLdObject>(
    (value) => value !== null && typeof value === 'object' && !Array.isArray(value),
    'Each structured data item must be a JSON object, such as { "@type": "Article", … }.',
  )
  .superRefine((value, ctx) => {
    const problem = jsonLdProblem(value, 0)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
    else if (!('@type' in value) && !('@graph' in value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Each structured data item needs an "@type" (such as "Article") or an "@graph".',
      })
    }
  })

/**
 * Names the other tabs own: a custom tag with one of them would fight the field that sets it.
 * Compared case-insensitively.
 */
export const RESERVED_CUSTOM_TAG_NAMES: ReadonlySet<string> = new Set([
  'title',
  'description',
  'robots',
  'viewport',
  'charset',
])
const RESERVED_PREFIXES = ['og:', 'twitter:']

/** The metadata object of the public contract, with limits. Unknown keys are refused. */
export const metadataSchema = z
  .strictObject({
    title: text(METADATA_LIMITS.title, 'The title').optional(),
    description: text(METADATA_LIMITS.description, 'The description').optional(),
    noindex: z.boolean().optional(),
    canonical: absoluteUrl('The canonical URL').optional(),
    robots: robots.optional(),
    alternates: alternates.optional(),
    jsonLd: z
      .array(jsonLdObject)
      .max(
        METADATA_LIMITS.jsonLdObjects,
        `At most ${METADATA_LIMITS.jsonLdObjects} structured data items.`,
      )
      .optional(),
    icon: images(icon).optional(),
    appleTouchIcon: images(icon).optional(),
    openGraph: z
      .strictObject({
        title: text(METADATA_LIMITS.title, 'The Open Graph title').optional(),
        description: text(METADATA_LIMITS.description, 'The Open Graph description').optional(),
        locale: locale.optional(),
        localeAlternate: z
          .array(locale)
          .max(METADATA_LIMITS.localeAlternates, 'At most 50 alternate locales.')
          .optional(),
        siteName: text(METADATA_LIMITS.text, 'The site name').optional(),
        type: z
          .enum(OPEN_GRAPH_TYPES, { error: `Choose one of: ${OPEN_GRAPH_TYPES.join(', ')}.` })
          .optional(),
        url: absoluteUrl('The Open Graph URL').optional(),
        determiner: z
          .enum(OPEN_GRAPH_DETERMINERS, { error: 'Choose one of: (none), a, an, the, auto.' })
          .optional(),
        image: image.optional(),
        images: images(image).optional(),
      })
      .optional(),
    twitter: z
      .strictObject({
        title: text(METADATA_LIMITS.title, 'The X title').optional(),
        description: text(METADATA_LIMITS.description, 'The X description').optional(),
        card: z
          .enum(TWITTER_CARDS, { error: `Choose one of: ${TWITTER_CARDS.join(', ')}.` })
          .optional(),
        image: image.optional(),
      })
      .optional(),
    customTags: z
      .array(customTag)
      .max(METADATA_LIMITS.customTags, `At most ${METADATA_LIMITS.customTags} custom tags.`)
      .optional(),
  })
  .superRefine((metadata, ctx) => {
    const seen = new Set<string>()
    metadata.customTags?.forEach((tag, index) => {
      const key = customTagNameKey(tag.name)
      if (RESERVED_CUSTOM_TAG_NAMES.has(key) || RESERVED_PREFIXES.some((p) => key.startsWith(p))) {
        ctx.addIssue({
          code: 'custom',
          path: ['customTags', index, 'name'],
          message: `“${tag.name.slice(0, 64)}” is set by the other tabs; edit it there instead.`,
        })
      } else if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['customTags', index, 'name'],
          message: `“${tag.name.slice(0, 64)}” is used by more than one tag; each name may appear once.`,
        })
      }
      seen.add(key)
    })
  })

/** The size of a metadata object as stored and served (UTF-8 JSON bytes). */
export function metadataBytes(metadata: Metadata): number {
  return Buffer.byteLength(JSON.stringify(metadata), 'utf8')
}
