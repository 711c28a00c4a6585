import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The sources of the /changelog page, read at build time with their dates
 * (`virtual:headmark-changelog`, parsed by src/features/marketing/changelog.ts):
 *
 * - every changeset in `.changeset/`, dated the day git says it was added (its file's
 *   modification day when git is not available or has not seen it yet);
 * - every published package's CHANGELOG.md, each `## version` dated by the date written in its
 *   heading, else the day git says the heading was written, else the file's modification day.
 */

export interface ChangesetSource {
  /** The file's name, e.g. `bulk-editing.md`. */
  file: string
  source: string
  /** `YYYY-MM-DD`. */
  date: string
}

export interface ReleaseNotesSource {
  /** The file's path from the repository root, e.g. `packages/ui/CHANGELOG.md`. */
  file: string
  source: string
  /** `YYYY-MM-DD` of each `## version` heading. */
  versionDates: Record<string, string>
}

const VIRTUAL_ID = 'virtual:headmark-changelog'
const RESOLVED_ID = `\0${VIRTUAL_ID}`
const DAY = /\b(\d{4}-\d{2}-\d{2})\b/

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', root, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch {
    return null
  }
}

const modifiedDay = (file: string) => statSync(file).mtime.toISOString().slice(0, 10)

/**
 * The day each file of `directory` was added, from one `git log` (newest first: a file added,
 * deleted and added again counts from its last addition). Files git has not seen are absent.
 */
export function addedDays(root: string, directory: string): Map<string, string> {
  const days = new Map<string, string>()
  const log = git(root, [
    'log',
    '--diff-filter=A',
    '--format=%x00%as',
    '--name-only',
    '--',
    directory,
  ])
  if (log === null) return days
  let day = ''
  for (const line of log.split('\n')) {
    if (line.startsWith('\0')) day = line.slice(1).trim()
    else if (line.trim() && day && !days.has(line.trim())) days.set(line.trim(), day)
  }
  return days
}

/** Reads the changesets and the packages' release notes, with their dates. */
export function readChangelogSources(root: string): {
  changesets: ChangesetSource[]
  releaseNotes: ReleaseNotesSource[]
} {
  const changesetDirectory = path.join(root, '.changeset')
  const added = addedDays(root, '.changeset')
  const changesets = readdirSync(changesetDirectory)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const full = path.join(changesetDirectory, file)
      return {
        file,
        source: readFileSync(full, 'utf8'),
        date: added.get(`.changeset/${file}`) ?? modifiedDay(full),
      }
    })

  const releaseNotes: ReleaseNotesSource[] = []
  for (const directory of readdirSync(path.join(root, 'packages')).sort()) {
    const file = `packages/${directory}/CHANGELOG.md`
    const full = path.join(root, file)
    if (!existsSync(full)) continue
    const source = readFileSync(full, 'utf8')
    const versionDates: Record<string, string> = {}
    for (const match of source.matchAll(/^## (.+)$/gm)) {
      const heading = match[1]!.trim()
      // A day written in the heading, else the oldest commit that added the heading.
      const day =
        DAY.exec(heading)?.[1] ??
        (git(root, ['log', '-S', `## ${heading}`, '--format=%as', '--reverse', '--', file])
          ?.split('\n')[0]
          ?.trim() ||
          null)
      versionDates[heading] = day ?? modifiedDay(full)
    }
    releaseNotes.push({ file, source, versionDates })
  }
  return { changesets, releaseNotes }
}

/** Serves `virtual:headmark-changelog` from the repository at `root`. */
export function changelogSources(root: string): Plugin {
  return {
    name: 'headmark:changelog',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      const { changesets, releaseNotes } = readChangelogSources(root)
      // `npm run dev` rebuilds the page when a changeset or release note changes.
      this.addWatchFile(path.join(root, '.changeset'))
      for (const { file } of changesets) this.addWatchFile(path.join(root, '.changeset', file))
      for (const { file } of releaseNotes) this.addWatchFile(path.join(root, file))
      return [
        `export const changesets = ${JSON.stringify(changesets)}`,
        `export const releaseNotes = ${JSON.stringify(releaseNotes)}`,
      ].join('\n')
    },
  }
}
