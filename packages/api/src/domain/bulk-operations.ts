import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { z } from 'zod'
import { compactMetadata } from './served-metadata.ts'

// The operations a bulk edit applies to many pages' own metadata: set a field, or find and
// replace text in one field or in every text field. Patterns come from people and run on every
// matched page on the server, so a regular expression is held to a shape that can not backtrack
// catastrophically (no nested or alternated quantified groups, no backreferences or lookarounds,
// at most two unbounded quantifiers), it only ever runs on field values (at most 4,096
// characters), and a whole operation gets a time budget.

/** The text fields an operation can set or search. */
export const TEXT_FIELDS = [
  'title',
  'description',
  'canonical',
  'openGraph.title',
  'openGraph.description',
  'openGraph.siteName',
  'twitter.title',
  'twitter.description',
] as const
export type TextField = (typeof TEXT_FIELDS)[number]

/** Longest `find` text or pattern. */
export const FIND_MAX_LENGTH = 200
/** Longest value an operation writes (the longest field, a description, holds 4,096). */
export const VALUE_MAX_LENGTH = 4096
/** The most an operation may spend running its pattern over the site's pages. */
export const OPERATION_TIME_BUDGET_MS = 5_000

export const operationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('set'),
    field: z.enum([...TEXT_FIELDS, 'noindex']),
    /** The new value; null or '' clears the field. `noindex` takes a boolean. */
    value: z.union([z.string().max(VALUE_MAX_LENGTH), z.boolean(), z.null()]),
  }),
  z.object({
    kind: z.literal('replace'),
    field: z.enum([...TEXT_FIELDS, 'all']),
    find: z.string().min(1).max(FIND_MAX_LENGTH),
    replace: z.string().max(VALUE_MAX_LENGTH),
    regex: z.boolean().default(false),
    caseSensitive: z.boolean().default(true),
  }),
])
export type Operation = z.infer<typeof operationSchema>

function refuse(message: string, field: string): ORPCError<'BAD_REQUEST', unknown> {
  return new ORPCError('BAD_REQUEST', {
    message,
    data: { issues: [{ path: ['operation', field], message }] },
  })
}

/**
 * Refuses a pattern whose shape can backtrack catastrophically. A scan of the pattern's groups:
 * a quantified group may not contain a quantifier or an alternation; backreferences and
 * lookarounds are refused; at most two unbounded quantifiers (`*`, `+`, `{n,}`) in all.
 */
export function checkPatternSafety(pattern: string): string | null {
  const stack: Array<{ quantified: boolean; alternation: boolean }> = []
  let unbounded = 0
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') {
      const next = pattern[i + 1] ?? ''
      if (/[1-9]/.test(next) || next === 'k') {
        return 'Backreferences (\\1, \\k<name>) are not accepted in a bulk pattern.'
      }
      i++
      continue
    }
    if (inClass) {
      if (char === ']') inClass = false
      continue
    }
    if (char === '[') {
      inClass = true
      continue
    }
    if (char === '(') {
      if (
        pattern.startsWith('(?=', i) ||
        pattern.startsWith('(?!', i) ||
        pattern.startsWith('(?<=', i) ||
        pattern.startsWith('(?<!', i)
      ) {
        return 'Lookarounds ((?=…), (?!…)) are not accepted in a bulk pattern.'
      }
      stack.push({ quantified: false, alternation: false })
      continue
    }
    if (char === '|') {
      const top = stack.at(-1)
      if (top) top.alternation = true
      continue
    }
    const quantifier = char === '*' || char === '+' || char === '?' || char === '{'
    if (char === ')') {
      const group = stack.pop()
      const next = pattern[i + 1]
      const groupQuantified = next === '*' || next === '+' || next === '?' || next === '{'
      if (group && groupQuantified && (group.quantified || group.alternation)) {
        return 'A repeated group may not itself contain a repetition or alternatives (like (a+)+ or (a|b)*): such patterns can take forever on long texts. Simplify the pattern.'
      }
      // The group's own quantifier counts for the enclosing groups.
      if (groupQuantified || group?.quantified) {
        const parent = stack.at(-1)
        if (parent) parent.quantified = true
      }
      continue
    }
    if (quantifier) {
      const top = stack.at(-1)
      if (top) top.quantified = true
      if (char === '*' || char === '+') unbounded++
      if (char === '{' && /^\{\d+,\}/.test(pattern.slice(i))) unbounded++
      if (char === '{') {
        const close = pattern.indexOf('}', i)
        if (close > i) i = close
      }
    }
  }
  if (unbounded > 2) {
    return 'A bulk pattern may repeat without bound (*, +, {n,}) at most twice. Anchor it or make the repetitions bounded ({1,20}).'
  }
  return null
}

/** The matcher of a replace operation, or BAD_REQUEST with a message a person can act on. */
export function compileFind(operation: Extract<Operation, { kind: 'replace' }>): RegExp {
  const flags = `g${operation.caseSensitive ? '' : 'i'}u`
  if (!operation.regex) {
    // Escapes the characters that are syntax in a pattern (with the u flag, escaping others is an error).
    return new RegExp(operation.find.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), flags)
  }
  const unsafe = checkPatternSafety(operation.find)
  if (unsafe) throw refuse(unsafe, 'find')
  try {
    return new RegExp(operation.find, flags)
  } catch (error) {
    throw refuse(
      `This regular expression can not be read: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}. Fix it, or turn off “regular expression” to search for the text as written.`,
      'find',
    )
  }
}

function getField(metadata: Metadata, field: TextField | 'noindex'): unknown {
  const [first, second] = field.split('.') as [string, string | undefined]
  const value = (metadata as Record<string, unknown>)[first]
  if (second === undefined) return value
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[second] : undefined
}

function setField(metadata: Metadata, field: TextField | 'noindex', value: unknown): Metadata {
  const [first, second] = field.split('.') as [string, string | undefined]
  const out = { ...metadata } as Record<string, unknown>
  if (second === undefined) out[first] = value
  else {
    const nested = out[first]
    out[first] = { ...(nested && typeof nested === 'object' ? nested : {}), [second]: value }
  }
  return out as Metadata
}

/** One field an operation changed on one page. */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** A compiled operation: applies itself to a page's own metadata. */
export interface CompiledOperation {
  apply(metadata: Metadata): { metadata: Metadata; changes: FieldChange[] }
}

/**
 * Compiles an operation once for a run over many pages. The result of `apply` is compacted
 * (a field set to '' or null is removed); `changes` lists the fields whose value differs.
 */
export function compileOperation(operation: Operation): CompiledOperation {
  if (operation.kind === 'set') {
    if (operation.field === 'noindex' && typeof operation.value === 'string') {
      throw refuse('Noindex is set to true or false (or null to clear it).', 'value')
    }
    if (operation.field !== 'noindex' && typeof operation.value === 'boolean') {
      throw refuse('This field takes text (or null to clear it).', 'value')
    }
    return {
      apply(metadata) {
        const before = getField(metadata, operation.field)
        const next = compactMetadata(setField(metadata, operation.field, operation.value))
        const after = getField(next, operation.field)
        return {
          metadata: next,
          changes: before === after ? [] : [{ field: operation.field, before, after }],
        }
      },
    }
  }
  const matcher = compileFind(operation)
  const fields = operation.field === 'all' ? TEXT_FIELDS : [operation.field]
  return {
    apply(metadata) {
      let next = metadata
      const changes: FieldChange[] = []
      for (const field of fields) {
        const before = getField(next, field)
        if (typeof before !== 'string') continue
        matcher.lastIndex = 0
        // A literal replacement is written as is ($& and $1 are text); a regex one may use groups.
        const after = operation.regex
          ? before.replace(matcher, operation.replace)
          : before.replace(matcher, () => operation.replace)
        if (after !== before) {
          next = setField(next, field, after)
          changes.push({ field, before, after: after === '' ? undefined : after })
        }
      }
      return { metadata: changes.length > 0 ? compactMetadata(next) : metadata, changes }
    },
  }
}

/** Throws when a run over pages has spent its time budget (a pathological pattern or text). */
export function budgetGuard(startedAt: number, budgetMs = OPERATION_TIME_BUDGET_MS): () => void {
  return () => {
    if (performance.now() - startedAt > budgetMs) {
      throw new ORPCError('BAD_REQUEST', {
        message:
          'This operation took too long to run over the matched pages. Narrow the filter or simplify the pattern.',
      })
    }
  }
}
