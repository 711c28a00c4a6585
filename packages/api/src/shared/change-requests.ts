import { z } from 'zod'
import { lookupText, storable } from './text.ts'

// The inputs of the change-request forms (details, discussion, review, schedule) and of the
// organization's publishing policy. Browser-safe.

export const CHANGE_REQUEST_TITLE_MAX = 200
export const CHANGE_REQUEST_DESCRIPTION_MAX = 10_000
export const CHANGE_REQUEST_COMMENT_MAX = 10_000
export const CHANGE_REQUEST_REVIEWERS_MAX = 20
/** How far ahead a release can be scheduled. */
export const RELEASE_HORIZON_DAYS = 365

const changeRequestRef = {
  organizationSlug: z.string(),
  changeRequestId: lookupText('The change request id', 256),
}

/** `changeRequests.update`: title, description and reviewers. */
export const updateChangeRequestInput = z.object({
  ...changeRequestRef,
  title: storable('The title')
    .trim()
    .min(1, 'Give the change request a title.')
    .max(
      CHANGE_REQUEST_TITLE_MAX,
      `A title can have at most ${CHANGE_REQUEST_TITLE_MAX} characters.`,
    ),
  description: storable('The description')
    .max(
      CHANGE_REQUEST_DESCRIPTION_MAX,
      `A description can have at most ${CHANGE_REQUEST_DESCRIPTION_MAX.toLocaleString('en')} characters.`,
    )
    .default(''),
  reviewerIds: z
    .array(lookupText('A reviewer id', 256))
    .max(CHANGE_REQUEST_REVIEWERS_MAX, `Ask at most ${CHANGE_REQUEST_REVIEWERS_MAX} reviewers.`)
    .default([]),
})

/** `changeRequests.comment` */
export const commentChangeRequestInput = z.object({
  ...changeRequestRef,
  body: storable('The comment')
    .trim()
    .min(1, 'Write a comment first.')
    .max(
      CHANGE_REQUEST_COMMENT_MAX,
      `A comment can have at most ${CHANGE_REQUEST_COMMENT_MAX.toLocaleString('en')} characters.`,
    ),
  /** The comment this one answers. */
  parentId: lookupText('The comment id', 256).nullable().default(null),
})

/** `changeRequests.review` */
export const reviewChangeRequestInput = z.object({
  ...changeRequestRef,
  decision: z.enum(['approve', 'request_changes']),
  body: storable('The review')
    .trim()
    .max(
      CHANGE_REQUEST_COMMENT_MAX,
      `A review can have at most ${CHANGE_REQUEST_COMMENT_MAX.toLocaleString('en')} characters.`,
    )
    .default(''),
})

/** `changeRequests.schedule`: when the release goes live (also to reschedule). */
export const scheduleChangeRequestInput = z.object({
  ...changeRequestRef,
  at: z.coerce.date({ error: 'Pick the date and time of the release.' }),
})

/** `changeRequests.updatePolicy` */
export const publishingPolicyInput = z.object({
  organizationSlug: z.string(),
  mode: z.enum(['direct', 'review']),
  twoPersonRule: z.boolean(),
  largeChangePages: z
    .number({ error: 'Enter a number of pages.' })
    .int('Enter a whole number of pages.')
    .min(2, 'Use at least 2 pages.')
    .max(20_000, 'Use at most 20,000 pages (the most one change set holds).'),
})

/** At most this many pages in one proposal (`changeRequests.propose`). */
export const PROPOSAL_PAGES_MAX = 500
/** At most this many path-rule changes in one proposal. */
export const PROPOSAL_RULES_MAX = 50

const metadataPatch = z.record(z.string().max(100), z.unknown(), {
  error: 'The metadata must be an object of fields, e.g. { "title": "…", "description": "…" }.',
})

/**
 * `changeRequests.propose`: a new change request of one site, titled and explained, holding edits
 * of pages, of the site's defaults and of path rules. A page's or the defaults' `metadata` is a
 * patch of their own metadata: each field given replaces theirs, `null` removes it.
 */
export const proposeChangesShape = {
  organizationSlug: z.string(),
  siteHostname: lookupText('The hostname', 4096),
  title: storable('The title')
    .trim()
    .min(1, 'Give the change request a title that says what it changes.')
    .max(
      CHANGE_REQUEST_TITLE_MAX,
      `A title can have at most ${CHANGE_REQUEST_TITLE_MAX} characters.`,
    ),
  explanation: storable('The explanation')
    .trim()
    .min(1, 'Explain why these changes are proposed: reviewers read it first.')
    .max(
      CHANGE_REQUEST_DESCRIPTION_MAX,
      `An explanation can have at most ${CHANGE_REQUEST_DESCRIPTION_MAX.toLocaleString('en')} characters.`,
    ),
  pages: z
    .array(
      z.object({
        pagePath: lookupText('The page path', 8192),
        metadata: metadataPatch,
        /**
         * On a site with locales, the locale whose set the patch drafts (one the site declares;
         * its default locale, '' or absent: the page's own set).
         */
        locale: lookupText('The locale', 64).optional(),
      }),
    )
    .max(PROPOSAL_PAGES_MAX, `Propose at most ${PROPOSAL_PAGES_MAX} pages at once.`)
    .default([]),
  /** A patch of the site's defaults. */
  defaults: metadataPatch.optional(),
  rules: z
    .array(
      z.object({
        /** An existing rule's id; left out: a new rule (with `pattern`). */
        ruleId: lookupText('The rule id', 256).optional(),
        pattern: z.string().max(512).optional(),
        metadata: metadataPatch.optional(),
        titleTemplate: z.string().max(1000).nullable().optional(),
        delete: z.boolean().default(false),
      }),
    )
    .max(PROPOSAL_RULES_MAX, `Propose at most ${PROPOSAL_RULES_MAX} rule changes at once.`)
    .default([]),
}

/** A proposal proposes something: pages, the defaults or rules. */
export const proposesSomething = (input: {
  pages: unknown[]
  defaults?: unknown
  rules: unknown[]
}) => input.pages.length > 0 || input.defaults !== undefined || input.rules.length > 0

export const PROPOSES_NOTHING = 'Propose at least one change: pages, defaults or rules.'

export const proposeChangesInput = z
  .object(proposeChangesShape)
  .refine(proposesSomething, PROPOSES_NOTHING)
export type ProposeChangesInput = z.infer<typeof proposeChangesInput>
