import type { MaxImagePreview, Metadata, RobotsDirectives } from '@headmark/metadata'
import { metadataSchema } from '../domain/metadata-schema.ts'
import { readRobots } from './parse-head.ts'
import type { ParsedHead, UnmappedTag } from './types.ts'

// The X-Robots-Tag response header, merged into the head's robots fields. Rules:
// - Each header line is read on its own (a server may send several). A line starting with a user
//   agent's name and a colon ("googlebot: noindex") is for that crawler only: Headmark's robots
//   fields are served to every crawler, so such lines are not mapped, only listed — HeadmarkBot's
//   own ("headmarkbot: …") included, as it speaks to the importer, not to search engines.
// - A line without a name applies to all crawlers and is read like <meta name="robots">.
// - The page's <meta name="robots"> and the header both apply: the stricter of the two wins
//   (noindex, nofollow, noarchive, noimageindex if either says so; the smaller max-snippet and
//   max-video-preview, -1 being no limit; the smaller max-image-preview, none < standard < large).
// - Directives Headmark has no field for (unavailable_after, notranslate…) are listed.

/** Directive names that are followed by a colon: a line starting with one is not for one agent. */
const VALUED = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
])
const PREVIEW_ORDER: MaxImagePreview[] = ['none', 'standard', 'large']
const SHORT = 300

/** The agent a header line is addressed to, or null for all of them. */
function agentOf(line: string): string | null {
  const match = /^\s*([a-z0-9_.-]+)\s*:/i.exec(line)
  if (!match) return null
  const name = (match[1] as string).toLowerCase()
  return VALUED.has(name) ? null : name
}

/** The stricter of two limits where -1 is no limit. */
const stricterLimit = (a: number | undefined, b: number | undefined) => {
  if (a === undefined) return b
  if (b === undefined) return a
  const rank = (value: number) => (value < 0 ? Infinity : value)
  return rank(a) <= rank(b) ? a : b
}

/**
 * The head with the X-Robots-Tag header lines applied (see the rules above). `lines` are the
 * header's values as received, one per header line.
 */
export function applyRobotsHeader(head: ParsedHead, lines: readonly string[]): ParsedHead {
  if (lines.length === 0) return head
  const unmapped: UnmappedTag[] = [...head.unmapped]
  const metadata: Metadata = structuredClone(head.metadata)
  const said = (line: string) => {
    const html = `X-Robots-Tag: ${line.trim()}`
    return html.length > SHORT ? `${html.slice(0, SHORT - 1)}…` : html
  }
  for (const line of lines) {
    if (!line.trim()) continue
    const agent = agentOf(line)
    if (agent !== null) {
      unmapped.push({
        html: said(line),
        reason: `directives for ${agent} only are not a Headmark field (Headmark's robots are for every crawler)`,
      })
      continue
    }
    const read = readRobots(line)
    for (const directive of read.unknown) {
      unmapped.push({
        html: said(line),
        reason: `the robots directive “${directive.slice(0, 64)}” is not a Headmark field`,
      })
    }
    if (read.noindex) metadata.noindex = true
    const robots: RobotsDirectives = { ...metadata.robots }
    const header = read.robots
    for (const [field, value] of Object.entries(header) as Array<
      [keyof RobotsDirectives, RobotsDirectives[keyof RobotsDirectives]]
    >) {
      const checked = metadataSchema.safeParse({ robots: { [field]: value } })
      if (!checked.success) {
        unmapped.push({
          html: said(line),
          reason: `robots.${field}: ${checked.error.issues[0]?.message ?? 'not a valid value'}`,
        })
        delete header[field]
      }
    }
    if (header.nofollow) robots.nofollow = true
    if (header.noarchive) robots.noarchive = true
    if (header.noimageindex) robots.noimageindex = true
    const snippet = stricterLimit(robots.maxSnippet, header.maxSnippet)
    if (snippet !== undefined) robots.maxSnippet = snippet
    const video = stricterLimit(robots.maxVideoPreview, header.maxVideoPreview)
    if (video !== undefined) robots.maxVideoPreview = video
    if (header.maxImagePreview !== undefined) {
      const current = robots.maxImagePreview
      robots.maxImagePreview =
        current === undefined ||
        PREVIEW_ORDER.indexOf(header.maxImagePreview) < PREVIEW_ORDER.indexOf(current)
          ? header.maxImagePreview
          : current
    }
    if (Object.keys(robots).length > 0) metadata.robots = robots
  }
  // Each value was checked on its own; the whole is checked again so the promise holds.
  return metadataSchema.safeParse(metadata).success ? { metadata, unmapped } : head
}
