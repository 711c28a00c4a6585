import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readChangelogSources } from '../../../changelog-sources.ts'
import {
  groupByDay,
  packageChangelog,
  parseChangelog,
  parseChangeset,
  parseProductChange,
  productChangelog,
} from './changelog.ts'

const app = (summary: string) => `---\n'@headmark/app': patch\n---\n\n${summary}\n`

describe('the product changelog', () => {
  it('takes the first line of an @headmark/app changeset, with its tag', () => {
    expect(
      parseProductChange(
        app('Webhooks: Pause a webhook and resume it later.\n\nMore detail.'),
        '2026-11-20',
      ),
    ).toEqual({ date: '2026-11-20', tag: 'Webhooks', text: 'Pause a webhook and resume it later.' })
    expect(parseProductChange(app('Bulk editing: Edit many pages.'), '2026-11-20')?.tag).toBe(
      'Bulk editing',
    )
  })

  it('keeps an unknown prefix as part of the sentence, and a line without tag untagged', () => {
    expect(parseProductChange(app('Note: this is a sentence.'), '2026-11-20')).toEqual({
      date: '2026-11-20',
      tag: null,
      text: 'Note: this is a sentence.',
    })
    expect(parseProductChange(app('On a phone, tables show cards.'), '2026-11-20')?.tag).toBeNull()
  })

  it('ignores the published packages’ changesets, empty summaries and files without frontmatter', () => {
    expect(
      parseProductChange('---\n"@headmark/ui": minor\n---\n\nFixes `Button`.\n', '2026-11-20'),
    ).toBeNull()
    expect(parseProductChange(app(''), '2026-11-20')).toBeNull()
    expect(parseProductChange('# Changesets\n\nHello', '2026-11-20')).toBeNull()
  })

  it('groups changes by day, newest day first, tags in their order within a day', () => {
    const days = groupByDay([
      { date: '2026-11-20', tag: null, text: 'Untagged' },
      { date: '2026-11-25', tag: 'SDK', text: 'SDK change' },
      { date: '2026-11-20', tag: 'Editor', text: 'Editor change' },
      { date: '2026-11-25', tag: 'Editor', text: 'Another editor change' },
      { date: '2026-11-25', tag: 'Editor', text: 'Second editor change' },
    ])
    expect(days.map((day) => [day.date, day.changes.map((change) => change.text)])).toEqual([
      ['2026-11-25', ['Another editor change', 'Second editor change', 'SDK change']],
      ['2026-11-20', ['Editor change', 'Untagged']],
    ])
  })

  it('is built from the repository’s own @headmark/app changesets, one line each', () => {
    const changes = productChangelog.flatMap((day) => day.changes)
    expect(changes.map((change) => change.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Pause a webhook and resume it later/)]),
    )
    for (const day of productChangelog) expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    for (const change of changes) expect(change.text).not.toContain('\n')
    // No developer notes of the packages among them.
    expect(changes.some((change) => change.text.startsWith('`BulkEditor`'))).toBe(false)
  })
})

describe('the packages’ release notes', () => {
  it('reads a changeset for every package it names, with its day', () => {
    const entries = parseChangeset(
      '---\n"@headmark/ui": minor\n"@headmark/metadata": patch\n---\n\nFixes `Button`.\n\n- one\n- two\n  continued\n',
      '2026-11-22',
    )
    expect(entries.map((e) => [e.packageName, e.label, e.version, e.date])).toEqual([
      ['@headmark/ui', 'minor', null, '2026-11-22'],
      ['@headmark/metadata', 'patch', null, '2026-11-22'],
    ])
    expect(entries[0]?.blocks).toEqual([
      { kind: 'paragraph', text: 'Fixes `Button`.' },
      { kind: 'list', items: ['one', 'two continued'] },
    ])
  })

  it('leaves product changes out of the packages’ notes', () => {
    expect(parseChangeset(app('Editor: A change.'), '2026-11-22')).toEqual([])
  })

  it('reads released versions from a CHANGELOG.md, dated by their heading or else as given', () => {
    const entries = parseChangelog(
      '# @headmark/metadata\n\n## 0.2.0 (2026-11-24)\n\n### Minor Changes\n\n- abc123: Adds a thing.\n\n## 0.1.0\n\n### Patch Changes\n\n- Fixes.\n',
      { '0.1.0': '2026-11-01' },
    )
    expect(entries.map((e) => [e.version, e.label, e.date])).toEqual([
      ['0.2.0', 'Minor Changes', '2026-11-24'],
      ['0.1.0', 'Patch Changes', '2026-11-01'],
    ])
  })

  it('ignores a file without frontmatter', () => {
    expect(parseChangeset('# Changesets\n\nHello')).toEqual([])
  })

  it('is built from the repository’s own changesets', () => {
    expect(packageChangelog.map((entry) => entry.packageName)).toEqual(
      expect.arrayContaining(['@headmark/metadata', '@headmark/ui']),
    )
  })
})

describe('the changelog’s dates', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: '2026-10-05T12:00:00Z',
        GIT_COMMITTER_DATE: '2026-10-05T12:00:00Z',
      },
    })

  it('are the day git added a changeset, else the file’s modification day; versions by the day their heading was written', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'headmark-changelog-'))
    mkdirSync(path.join(root, '.changeset'))
    mkdirSync(path.join(root, 'packages', 'ui'), { recursive: true })
    writeFileSync(path.join(root, '.changeset', 'README.md'), '# Changesets\n')
    writeFileSync(path.join(root, '.changeset', 'committed.md'), app('Editor: Committed.'))
    writeFileSync(
      path.join(root, 'packages', 'ui', 'CHANGELOG.md'),
      '# @headmark/ui\n\n## 0.1.0\n\n### Minor Changes\n\n- First.\n',
    )
    git(root, 'init', '-q')
    git(root, 'add', '-A')
    git(root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'x')
    const uncommitted = path.join(root, '.changeset', 'uncommitted.md')
    writeFileSync(uncommitted, app('Editor: Not committed yet.'))
    utimesSync(uncommitted, new Date('2026-11-03T10:00:00Z'), new Date('2026-11-03T10:00:00Z'))

    const { changesets, releaseNotes } = readChangelogSources(root)
    expect(changesets.map(({ file, date }) => [file, date])).toEqual([
      ['committed.md', '2026-10-05'],
      ['uncommitted.md', '2026-11-03'],
    ])
    expect(releaseNotes).toEqual([
      expect.objectContaining({
        file: 'packages/ui/CHANGELOG.md',
        versionDates: { '0.1.0': '2026-10-05' },
      }),
    ])
  })

  it('fall back to the files’ modification days where there is no git repository', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'headmark-changelog-'))
    mkdirSync(path.join(root, '.changeset'))
    mkdirSync(path.join(root, 'packages'))
    const file = path.join(root, '.changeset', 'a.md')
    writeFileSync(file, app('Editor: A.'))
    utimesSync(file, new Date('2026-09-09T10:00:00Z'), new Date('2026-09-09T10:00:00Z'))
    const { changesets } = readChangelogSources(root)
    expect(changesets).toEqual([expect.objectContaining({ file: 'a.md', date: '2026-09-09' })])
  })
})
