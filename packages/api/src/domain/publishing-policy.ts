import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { metadataRevision, publishingPolicy } from '../db/schema.ts'
import type { OrganizationRole } from '../permissions.ts'
import type { Transaction } from './events.ts'

// The publishing policy of an organization and the one check every path that writes metadata
// runs before it does (saves, restores, site defaults, path rules, change sets, imports): may
// this person publish this change directly, or does it need a change request?

type Executor = Database | Transaction

export interface PublishingPolicy {
  mode: 'direct' | 'review'
  twoPersonRule: boolean
  largeChangePages: number
}

export const DEFAULT_POLICY: PublishingPolicy = {
  mode: 'direct',
  twoPersonRule: false,
  largeChangePages: 50,
}

/** What a change does, as far as the policy cares. */
export interface PublishFacts {
  /** Pages whose own metadata changes (created pages included; not the site's defaults). */
  pages: number
  /** Pages whose `noindex` goes from off to on. */
  noindexTurnedOn: number
  /** The site's defaults change. */
  siteDefaults: boolean
  /** A path rule is created, changed, renamed, deleted or restored. */
  pathRules: boolean
  /** A whole sitemap is imported: how many pages it creates is known only once it is read. */
  sitemapImport?: boolean
}

export const NO_FACTS: PublishFacts = {
  pages: 0,
  noindexTurnedOn: 0,
  siteDefaults: false,
  pathRules: false,
}

export async function loadPolicy(db: Executor, organizationId: string): Promise<PublishingPolicy> {
  const [row] = await db
    .select()
    .from(publishingPolicy)
    .where(eq(publishingPolicy.organizationId, organizationId))
  if (!row) return DEFAULT_POLICY
  return {
    mode: row.mode,
    twoPersonRule: row.twoPersonRule,
    largeChangePages: row.largeChangePages,
  }
}

/** Whether metadata asks search engines not to index the page (either spelling). */
export function isNoindex(metadata: Metadata | null | undefined): boolean {
  if (!metadata) return false
  return metadata.noindex === true || metadata.robots?.noindex === true
}

/**
 * Why a change is dangerous at scale under the two-person rule, in words; null when it is not.
 */
export function dangerOf(facts: PublishFacts, policy: PublishingPolicy): string | null {
  const reasons: string[] = []
  if (facts.siteDefaults) reasons.push('it changes the site’s defaults, which every page serves')
  if (facts.pathRules) reasons.push('it changes path rules, which many pages serve')
  if (facts.noindexTurnedOn > 1) {
    reasons.push(`it turns noindex on for ${facts.noindexTurnedOn} pages`)
  }
  if (facts.sitemapImport) {
    reasons.push(
      `it imports a whole sitemap, which can create more than ${policy.largeChangePages} pages`,
    )
  }
  if (facts.pages > policy.largeChangePages) {
    reasons.push(
      `it changes ${facts.pages.toLocaleString('en')} pages (more than ${policy.largeChangePages})`,
    )
  }
  return reasons.length === 0 ? null : reasons.join(', and ')
}

/** What publishing a change needs under a policy. */
export interface Requirement {
  /** A second person's approval is needed, whoever publishes. */
  secondPerson: boolean
  /** Only owners and admins may approve and publish (the `review` mode, or path rules). */
  managersOnly: boolean
  /** Why, in words (for the refusal and the change request's screen). */
  reasons: string[]
}

export function requirementOf(facts: PublishFacts, policy: PublishingPolicy): Requirement {
  const reasons: string[] = []
  const danger = policy.twoPersonRule ? dangerOf(facts, policy) : null
  if (danger) reasons.push(`the two-person rule applies: ${danger}`)
  if (policy.mode === 'review') {
    reasons.push('this organization publishes through review: owners and admins approve')
  } else if (facts.pathRules) {
    // Only owners and admins change path rules directly; a request changing them is no way
    // around that.
    reasons.push('it changes path rules, which owners and admins approve and publish')
  }
  return {
    secondPerson: danger !== null,
    managersOnly: policy.mode === 'review' || facts.pathRules,
    reasons,
  }
}

export const isManager = (role: OrganizationRole) => role === 'owner' || role === 'admin'

/**
 * Refuses (403) a direct write of metadata the organization's policy does not let `role` publish
 * without a change request: any write by a member when the organization publishes through
 * review, and a dangerous change (site defaults, path rules, noindex on more than one page, more
 * than the policy's number of pages) by anyone when the two-person rule is on. Call it before
 * writing, with what the write changes. The import router calls it too.
 *
 * @example
 * await assertMayPublish(db, { organizationId, role: 'member', facts: { ...NO_FACTS, pages: 1 } })
 */
export async function assertMayPublish(
  db: Executor,
  input: {
    organizationId: string
    role: OrganizationRole
    facts: PublishFacts
    /** What the person tried, for the message ("save the site's defaults"). */
    action?: string
    /** What to do instead; by default, a draft and a change request. */
    instead?: string
  },
): Promise<void> {
  const policy = await loadPolicy(db, input.organizationId)
  const refusal = directRefusal(policy, input.role, input.facts)
  if (!refusal) return
  const action = input.action ?? 'publish this change'
  throw new ORPCError('FORBIDDEN', {
    message: `You can not ${action} directly: ${refusal}. ${input.instead ?? 'Save it as a draft and open a change request instead.'}`,
    data: { changeRequestNeeded: true, reason: refusal },
  })
}

/** Why the policy refuses a direct write, or null when it allows it. */
export function directRefusal(
  policy: PublishingPolicy,
  role: OrganizationRole,
  facts: PublishFacts,
): string | null {
  const danger = policy.twoPersonRule ? dangerOf(facts, policy) : null
  if (danger) return `the two-person rule needs a second person to approve it, because ${danger}`
  if (policy.mode === 'review' && !isManager(role)) {
    return 'this organization publishes through review, and changes by members need an owner’s or an admin’s approval'
  }
  return null
}

/**
 * The facts of page edits (each: the page's current or base revision, and the new metadata):
 * how many pages, and how many turn noindex on.
 */
export async function factsOfEdits(
  db: Executor,
  edits: ReadonlyArray<{ baseRevisionId: string | null; metadata: Metadata }>,
): Promise<PublishFacts> {
  const ids = [
    ...new Set(edits.flatMap((edit) => (edit.baseRevisionId ? [edit.baseRevisionId] : []))),
  ]
  const before = new Map<string, Metadata>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: metadataRevision.id, metadata: metadataRevision.metadata })
      .from(metadataRevision)
      .where(inArray(metadataRevision.id, ids.slice(i, i + 1000)))
    for (const row of rows) before.set(row.id, row.metadata)
  }
  let noindexTurnedOn = 0
  for (const edit of edits) {
    const was = edit.baseRevisionId ? before.get(edit.baseRevisionId) : undefined
    if (isNoindex(edit.metadata) && !isNoindex(was)) noindexTurnedOn++
  }
  return { ...NO_FACTS, pages: edits.length, noindexTurnedOn }
}
