import { type Metadata, normalizePath } from '@headmark/metadata'
import { z } from 'zod'
import { titleTemplateSchema } from './sites.ts'
import { lookupText } from './text.ts'

// Path patterns as people write them, checked the same way in the browser and on the server.
// Matching (picomatch) and the rules' order live in domain/path-rules.ts, on the server.

/** The longest pattern a rule can have, in characters of its normalised form. */
export const PATH_PATTERN_MAX = 512
/** Rules a site can have: each is matched against every path the public API misses on. */
export const PATH_RULES_PER_SITE = 200
/** Segments of a pattern, at most: deeper paths are matched with `**`. */
const MAX_SEGMENTS = 32
/** `**` wildcards per pattern, at most: each one is a loop in the matching regex. */
const MAX_GLOBSTARS = 4

/** Characters other glob dialects give a meaning; here they would surprise, so they are refused. */
const RESERVED = /[?#[\]{}()!+@\\|^$<>"`]/u
// Control characters and U+FEFF: never part of a real path, often part of an attack.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f\ufeff]/u

/** The outcome of {@link normalizePattern}. */
export type PatternResult = { ok: true; pattern: string } | { ok: false; message: string }

/**
 * The stored form of a path pattern: a path (normalised like page paths: `//` collapsed, no
 * trailing slash, `%` escapes decoded) whose segments are literal text, `*` (exactly one
 * segment) or `**` (any number of segments, none included). `/blog/*` matches `/blog/a` but
 * neither `/blog` nor `/blog/a/b`; `/docs/**` matches `/docs`, `/docs/a` and `/docs/a/b`.
 *
 * @example
 * normalizePattern(' /Blog//* ') // { ok: true, pattern: '/Blog/*' }
 * normalizePattern('/blog/*.html') // { ok: false, message: 'A * stands for a whole segment …' }
 */
export function normalizePattern(input: string): PatternResult {
  const raw = input.trim()
  if (raw === '') return { ok: false, message: 'Enter a path pattern, such as /blog/*.' }
  if (!raw.startsWith('/')) {
    return { ok: false, message: 'A pattern starts with /, such as /blog/* or /docs/**.' }
  }
  if (raw.length > PATH_PATTERN_MAX) {
    return {
      ok: false,
      message: `A pattern can have at most ${PATH_PATTERN_MAX} characters.`,
    }
  }
  if (INVISIBLE.test(raw)) {
    return { ok: false, message: 'The pattern contains an invisible control character; remove it.' }
  }
  const reserved = RESERVED.exec(raw)
  if (reserved) {
    return {
      ok: false,
      message: `Patterns use only * (one segment) and ** (any number of segments) as wildcards; “${reserved[0]}” is not allowed.`,
    }
  }
  const normalized = normalizePath(raw)
  if (!normalized.ok) {
    return {
      ok: false,
      message:
        'The pattern has a malformed % escape. Write % as %25, or use a complete escape such as %C3%A9.',
    }
  }
  const pattern = normalized.path
  if (pattern.length > PATH_PATTERN_MAX) {
    return { ok: false, message: `A pattern can have at most ${PATH_PATTERN_MAX} characters.` }
  }
  const segments = patternSegments(pattern)
  if (segments.length > MAX_SEGMENTS) {
    return { ok: false, message: `A pattern can have at most ${MAX_SEGMENTS} segments.` }
  }
  let globstars = 0
  for (const [index, segment] of segments.entries()) {
    if (segment === '**') {
      globstars++
      if (segments[index - 1] === '**') {
        return { ok: false, message: '**/** says the same as **: write it once.' }
      }
    } else if (segment !== '*' && segment.includes('*')) {
      return {
        ok: false,
        message: `A * stands for a whole segment: write /blog/* rather than “${clip(segment)}”.`,
      }
    }
  }
  if (globstars > MAX_GLOBSTARS) {
    return { ok: false, message: `A pattern can have at most ${MAX_GLOBSTARS} **.` }
  }
  return { ok: true, pattern }
}

/** The segments of a normalised pattern (none for `/`). */
export function patternSegments(pattern: string): string[] {
  return pattern === '/' ? [] : pattern.slice(1).split('/')
}

function clip(value: string, length = 40): string {
  return value.length > length ? `${value.slice(0, length)}…` : value
}

/** A pattern as typed, checked with {@link normalizePattern}'s messages. */
export const pathPatternSchema = z.string().superRefine((value, context) => {
  const result = normalizePattern(value)
  if (!result.ok) context.addIssue({ code: 'custom', message: result.message })
})

/** A rule's title template: like the site's, `%s` required; empty = the site's (or a broader rule's). */
export const ruleTitleTemplateSchema = titleTemplateSchema

/** A site of the caller's organization, as path rules' procedures name it. */
const siteRefShape = {
  organizationSlug: z.string(),
  siteHostname: lookupText('The hostname', 4096),
}

/** A rule of the site, by id. */
export const pathRuleRef = z.object({ ...siteRefShape, ruleId: lookupText('The rule id', 256) })

// The type the client sees is the contract's Metadata; the handler validates it with
// metadataSchema itself (413 before any field rule), as metadataRevisions.save does.
const ruleMetadataInput = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'The metadata must be an object.',
)

/** `pathRules.create` */
export const createPathRuleInput = z.object({
  ...siteRefShape,
  pattern: pathPatternSchema,
  metadata: ruleMetadataInput,
  titleTemplate: ruleTitleTemplateSchema.optional(),
})

/** `pathRules.update`: a new revision; `baseRevisionId` is the one the editor started from. */
export const updatePathRuleInput = pathRuleRef.extend({
  baseRevisionId: lookupText('The base revision id', 256).nullable(),
  metadata: ruleMetadataInput,
  titleTemplate: ruleTitleTemplateSchema.optional(),
})

/** `pathRules.rename` */
export const renamePathRuleInput = pathRuleRef.extend({ pattern: pathPatternSchema })

/**
 * `changeRequests.saveRuleDraft`: a rule change drafted into a change request instead of
 * published. `ruleId` null drafts a new rule (`pattern` needed); otherwise a new revision of the
 * rule (`pattern` renames it), or its deletion with `delete`. Without `metadata` (or
 * `titleTemplate`) an existing rule's change keeps what the request already drafts for it, else
 * what the rule sets now: a rename alone changes only the pattern.
 */
export const ruleDraftInput = z.object({
  ...siteRefShape,
  ruleId: lookupText('The rule id', 256).nullable(),
  pattern: pathPatternSchema.optional(),
  baseRevisionId: lookupText('The base revision id', 256).nullable(),
  metadata: ruleMetadataInput.optional(),
  titleTemplate: ruleTitleTemplateSchema.nullable().optional(),
  delete: z.boolean().default(false),
  /** Into this change request of the caller's (to re-base a conflicting rule); by default their open draft. */
  changeRequestId: lookupText('The change request id', 256).optional(),
  /** Into a new change request of its own, even when the caller has an open draft. */
  newChangeRequest: z.boolean().default(false),
})
