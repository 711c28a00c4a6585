import { describe, expect, it } from 'vitest'
import { changelog, parseChangelog, parseChangeset } from './changelog.ts'

describe('the changelog', () => {
  it('reads a changeset for every package it names', () => {
    const entries = parseChangeset(
      '---\n"@headmark/ui": minor\n"@headmark/metadata": patch\n---\n\nFixes `Button`.\n\n- one\n- two\n  continued\n',
    )
    expect(entries.map((e) => [e.packageName, e.label, e.version])).toEqual([
      ['@headmark/ui', 'minor', null],
      ['@headmark/metadata', 'patch', null],
    ])
    expect(entries[0]?.blocks).toEqual([
      { kind: 'paragraph', text: 'Fixes `Button`.' },
      { kind: 'list', items: ['one', 'two continued'] },
    ])
  })

  it('reads released versions from a CHANGELOG.md', () => {
    const entries = parseChangelog(
      '# @headmark/metadata\n\n## 0.2.0\n\n### Minor Changes\n\n- abc123: Adds a thing.\n\n## 0.1.0\n\n### Patch Changes\n\n- Fixes.\n',
    )
    expect(entries.map((e) => [e.version, e.label])).toEqual([
      ['0.2.0', 'Minor Changes'],
      ['0.1.0', 'Patch Changes'],
    ])
  })

  it('ignores a file without frontmatter', () => {
    expect(parseChangeset('# Changesets\n\nHello')).toEqual([])
  })

  it('is built from the repository’s own changesets', () => {
    expect(changelog.map((entry) => entry.packageName)).toEqual(
      expect.arrayContaining(['@headmark/metadata', '@headmark/ui']),
    )
  })
})
