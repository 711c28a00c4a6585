/**
 * The changelog of the published packages, read at build time: each package's CHANGELOG.md
 * (released versions) and the pending changesets (what the next release will contain).
 */

export type ChangelogBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }

export interface ChangelogEntry {
  /** `@headmark/metadata`, `@headmark/ui`… */
  packageName: string
  /** A released version, or `null` for changes not released yet. */
  version: string | null
  /** `major`, `minor` or `patch` for pending changes; the section title for released ones. */
  label: string
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

/** Reads one changeset file: its frontmatter (`"pkg": bump` lines) and its summary. */
export function parseChangeset(source: string): ChangelogEntry[] {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'))
  if (!match) return []
  const blocks = parseBlocks(match[2] ?? '')
  const entries: ChangelogEntry[] = []
  for (const line of (match[1] ?? '').split('\n')) {
    const bump = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line)
    if (bump) entries.push({ packageName: bump[1]!, version: null, label: bump[2]!, blocks })
  }
  return entries
}

/** Reads a package's CHANGELOG.md as written by changesets: `# name`, `## version`, `### kind`. */
export function parseChangelog(source: string): ChangelogEntry[] {
  const text = source.replace(/\r\n/g, '\n')
  const packageName = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? 'unknown'
  const entries: ChangelogEntry[] = []
  for (const section of text.split(/^## /m).slice(1)) {
    const [heading = '', ...rest] = section.split('\n')
    const version = heading.trim()
    for (const part of rest.join('\n').split(/^### /m)) {
      const [title = '', ...body] = part.split('\n')
      const blocks = parseBlocks(body.join('\n'))
      if (blocks.length > 0) entries.push({ packageName, version, label: title.trim(), blocks })
    }
  }
  return entries
}

const changesets = import.meta.glob<string>('../../../../../.changeset/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const changelogs = import.meta.glob<string>('../../../../../packages/*/CHANGELOG.md', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Pending changes first, then released versions, newest file order as found. */
export const changelog: ChangelogEntry[] = [
  ...Object.entries(changesets)
    .filter(([file]) => !file.endsWith('/README.md'))
    .flatMap(([, source]) => parseChangeset(source)),
  ...Object.values(changelogs).flatMap(parseChangelog),
]
