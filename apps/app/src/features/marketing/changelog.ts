/**
 * The /changelog page's content, read at build time (changelog-sources.ts serves the files
 * with their dates as `virtual:headmark-changelog`):
 *
 * - the product changelog, for users: every changeset of the private `@headmark/app` package is
 *   one change a user sees, its summary's first line the sentence shown, optionally led by a tag
 *   (`Editor: …`); dated the day the changeset was added, grouped by day, newest first;
 * - the packages' release notes, for developers: the pending changesets of the published
 *   packages and each package's CHANGELOG.md.
 */
import { changesets, releaseNotes } from 'virtual:headmark-changelog'

/** The package whose changesets are the product changelog (private: never versioned). */
export const PRODUCT_PACKAGE = '@headmark/app'

/** The tags a product change may start with (`Editor: …`), in the order they are listed. */
export const PRODUCT_TAGS = [
  'Editor',
  'Pages',
  'Bulk editing',
  'Imports',
  'Spreadsheet',
  'Review',
  'Path rules',
  'Webhooks',
  'Search',
  'Account',
  'Organizations',
  'Audit log',
  'API',
  'SDK',
] as const

export type ProductTag = (typeof PRODUCT_TAGS)[number]

export interface ProductChange {
  /** `YYYY-MM-DD`. */
  date: string
  tag: ProductTag | null
  /** One sentence, with `code` and **bold** spans. */
  text: string
}

export interface ProductChangelogDay {
  date: string
  changes: ProductChange[]
}

export type ChangelogBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }

export interface ChangelogEntry {
  /** `@headmark/metadata`, `@headmark/ui`… */
  packageName: string
  /** A released version, or `null` for changes not released yet. */
  version: string | null
  /** `major`, `minor` or `patch` for pending changes; the section title for released ones. */
  label: string
  /** `YYYY-MM-DD`: the release's day, or the day a pending change was written. */
  date: string | null
  blocks: ChangelogBlock[]
}

/** Splits markdown text into paragraphs and bullet lists (lines starting with `- `). */
export function parseBlocks(markdown: string): ChangelogBlock[] {
  const blocks: ChangelogBlock[] = []
  for (const chunk of markdown.trim().split(/\n\s*\n/)) {
    const lines = chunk.split('\n')
    if (lines[0]?.trimStart().startsWith('- ')) {
      const items: string[] = []
      for (const line of lines) {
        if (line.trimStart().startsWith('- ')) items.push(line.trimStart().slice(2).trim())
        else if (items.length > 0) items[items.length - 1] += ` ${line.trim()}`
      }
      blocks.push({ kind: 'list', items })
    } else if (chunk.trim()) {
      blocks.push({ kind: 'paragraph', text: lines.map((line) => line.trim()).join(' ') })
    }
  }
  return blocks
}

/** A changeset's frontmatter (`"pkg": bump` lines) and summary, or `null` without frontmatter. */
function splitChangeset(
  source: string,
): { releases: { packageName: string; bump: string }[]; summary: string } | null {
  const match = /^---\n([\s\S]*?)\n?---\n?([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'))
  if (!match) return null
  const releases: { packageName: string; bump: string }[] = []
  for (const line of (match[1] ?? '').split('\n')) {
    const bump = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line)
    if (bump) releases.push({ packageName: bump[1]!, bump: bump[2]! })
  }
  return { releases, summary: match[2] ?? '' }
}

/** Reads one changeset of the published packages: an entry for every package it names. */
export function parseChangeset(source: string, date: string | null = null): ChangelogEntry[] {
  const changeset = splitChangeset(source)
  if (!changeset) return []
  const blocks = parseBlocks(changeset.summary)
  return changeset.releases
    .filter((release) => release.packageName !== PRODUCT_PACKAGE)
    .map((release) => ({
      packageName: release.packageName,
      version: null,
      label: release.bump,
      date,
      blocks,
    }))
}

/**
 * Reads one product change: a changeset naming `@headmark/app` alone, whose summary's first line
 * is the sentence a user reads. A leading known tag (`Editor: …`) becomes the change's tag.
 */
export function parseProductChange(source: string, date: string): ProductChange | null {
  const changeset = splitChangeset(source)
  if (
    !changeset ||
    changeset.releases.length !== 1 ||
    changeset.releases[0]!.packageName !== PRODUCT_PACKAGE
  )
    return null
  const line = changeset.summary
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '')
  if (!line) return null
  const text = line.replace(/^-\s+/, '')
  const colon = text.indexOf(': ')
  const tag = PRODUCT_TAGS.find((known) => known === text.slice(0, colon)) ?? null
  return { date, tag, text: tag ? text.slice(colon + 2).trim() : text }
}

/** Changes grouped by day, newest day first; within a day, by tag, then as written. */
export function groupByDay(changes: ProductChange[]): ProductChangelogDay[] {
  const rank = (tag: ProductTag | null) =>
    tag === null ? PRODUCT_TAGS.length : PRODUCT_TAGS.indexOf(tag)
  const days = new Map<string, ProductChange[]>()
  for (const change of changes) days.set(change.date, [...(days.get(change.date) ?? []), change])
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, list]) => ({
      date,
      changes: list
        .map((change, index) => ({ change, index }))
        .sort((a, b) => rank(a.change.tag) - rank(b.change.tag) || a.index - b.index)
        .map(({ change }) => change),
    }))
}

/**
 * Reads a package's CHANGELOG.md as written by changesets: `# name`, `## version`, `### kind`.
 * `versionDates` gives each version's day (a heading's own `YYYY-MM-DD` wins).
 */
export function parseChangelog(
  source: string,
  versionDates: Record<string, string> = {},
): ChangelogEntry[] {
  const text = source.replace(/\r\n/g, '\n')
  const packageName = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? 'unknown'
  const entries: ChangelogEntry[] = []
  for (const section of text.split(/^## /m).slice(1)) {
    const [heading = '', ...rest] = section.split('\n')
    const written = /\b(\d{4}-\d{2}-\d{2})\b/.exec(heading)?.[1]
    const version = heading.replace(/\s*[-–—(]?\s*\d{4}-\d{2}-\d{2}\s*\)?\s*$/, '').trim()
    const date = written ?? versionDates[heading.trim()] ?? null
    for (const part of rest.join('\n').split(/^### /m)) {
      const [title = '', ...body] = part.split('\n')
      const blocks = parseBlocks(body.join('\n'))
      if (blocks.length > 0)
        entries.push({ packageName, version, label: title.trim(), date, blocks })
    }
  }
  return entries
}

/** The product changelog, by day, newest first. */
export const productChangelog: ProductChangelogDay[] = groupByDay(
  changesets.flatMap(({ source, date }) => parseProductChange(source, date) ?? []),
)

/** The published packages' release notes: pending changes (newest first), then released ones. */
export const packageChangelog: ChangelogEntry[] = [
  ...changesets
    .flatMap(({ source, date }) => parseChangeset(source, date))
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '')),
  ...releaseNotes.flatMap(({ source, versionDates }) => parseChangelog(source, versionDates)),
]
