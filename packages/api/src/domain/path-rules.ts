import type { Metadata } from '@headmark/metadata'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { pathRule, pathRuleRevision } from '../db/schema.ts'
import { patternSegments } from '../shared/path-rules.ts'
import type { Transaction } from './events.ts'
import type { RuleLayer } from './served-metadata.ts'

// Which rules apply to a path, and in which order they overlay each other. Patterns are stored
// normalised (shared/path-rules.ts); here each is compiled once into one regular expression, the
// same one PostgreSQL runs to count a rule's pages (`path ~ …`). picomatch was the first
// candidate, but its `**` does not always span zero segments: `/**/a` and `/**/*` do not match
// `/a`, nor `/*/**` `/a`, while `/docs/**` matches `/docs` (path-rules.test.ts shows it). Rules
// need one answer for every position of `**`, so the grammar is compiled here and a property
// test checks it against the grammar written out segment by segment.

/** A rule's current state, as serving needs it. */
export interface RuleData {
  pattern: string
  metadata: Metadata
  titleTemplate: string | null
}

/** A rule with its matcher and its place in the order of specificity. */
export interface CompiledRule extends RuleData {
  matches(path: string): boolean
  /** Literal segments, wildcards, `**`, length: see {@link compareSpecificity}. */
  readonly rank: readonly [number, number, number, number]
}

/** Compiles a normalised pattern (dotted segments included: a path's `.well-known` is a segment). */
export function compileRule(rule: RuleData): CompiledRule {
  const segments = patternSegments(rule.pattern)
  const globstars = segments.filter((segment) => segment === '**').length
  const wildcards = segments.filter((segment) => segment === '*').length + globstars
  const literals = segments.length - wildcards
  const regex = new RegExp(patternSql(rule.pattern).regex, 'u')
  return {
    ...rule,
    matches: (path) => regex.test(path),
    rank: [literals, wildcards, globstars, rule.pattern.length],
  }
}

/**
 * The order rules overlay in, least specific first: negative when `a` is less specific than `b`.
 * More literal segments win; then fewer wildcards; then fewer `**` (a `*` beats a `**`); then
 * the longer pattern; then the pattern text (byte order, later wins). Patterns are unique per
 * site, so this is a total order: two rules never tie.
 *
 * @example
 * // least → most specific
 * ['/**', '/blog/**', '/blog/*', '/blog/2024/*', '/blog/2024/launch']
 */
export function compareSpecificity(
  a: Pick<CompiledRule, 'rank' | 'pattern'>,
  b: Pick<CompiledRule, 'rank' | 'pattern'>,
): number {
  const [aLiterals, aWildcards, aGlobstars, aLength] = a.rank
  const [bLiterals, bWildcards, bGlobstars, bLength] = b.rank
  if (aLiterals !== bLiterals) return aLiterals - bLiterals
  if (aWildcards !== bWildcards) return bWildcards - aWildcards
  if (aGlobstars !== bGlobstars) return bGlobstars - aGlobstars
  if (aLength !== bLength) return aLength - bLength
  return a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0
}

/** Sorts compiled rules least → most specific (a new array). */
export function sortBySpecificity<Rule extends CompiledRule>(rules: readonly Rule[]): Rule[] {
  return [...rules].sort(compareSpecificity)
}

/** The rules that apply to a path, least → most specific, given rules already sorted that way. */
export function matchingRules<Rule extends CompiledRule>(
  sorted: readonly Rule[],
  path: string | null,
): Rule[] {
  if (path === null) return []
  return sorted.filter((rule) => rule.matches(path))
}

/** What servedMetadata takes of matching rules. */
export function ruleLayers(rules: readonly RuleData[]): RuleLayer[] {
  return rules.map(({ pattern, metadata, titleTemplate }) => ({ pattern, metadata, titleTemplate }))
}

/** A site's rules at their current revisions, compiled and sorted least → most specific. */
export async function loadSiteRules(
  db: Database | Transaction,
  siteId: string,
): Promise<CompiledRule[]> {
  const rows = await db
    .select({
      pattern: pathRule.pattern,
      metadata: pathRuleRevision.metadata,
      titleTemplate: pathRuleRevision.titleTemplate,
    })
    .from(pathRule)
    .innerJoin(pathRuleRevision, eq(pathRuleRevision.id, pathRule.currentRevisionId))
    .where(eq(pathRule.siteId, siteId))
  return sortBySpecificity(rows.map(compileRule))
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g

/**
 * The pattern as a regular expression that JavaScript and PostgreSQL (`path ~ …`) read alike:
 * literal segments escaped, `*` = `/[^/]+`, `**` = `(/[^/]+)*`, anchored at both ends. With it,
 * the literal prefix every match starts with, so a count can first take a range of the
 * `(site_id, path collate "C")` index.
 */
export function patternSql(pattern: string): { regex: string; prefix: string } {
  const segments = patternSegments(pattern)
  let body = ''
  let prefix = ''
  let literal = true
  for (const segment of segments) {
    if (segment === '**') {
      body += '(/[^/]+)*'
      literal = false
    } else if (segment === '*') {
      body += '/[^/]+'
      literal = false
    } else {
      body += `/${segment.replace(REGEX_SPECIAL, '\\$&')}`
      if (literal) prefix += `/${segment}`
    }
  }
  // The root path is matched by `/` and by a pattern made of `**` only.
  const rootToo = segments.every((segment) => segment === '**')
  const regex = rootToo ? `^(${body === '' ? '/' : `${body}|/`})$` : `^${body}$`
  return { regex, prefix: prefix === '' ? '/' : prefix }
}
