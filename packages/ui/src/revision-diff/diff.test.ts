import { describe, expect, it } from 'vitest'
import type { Metadata } from '@headmark/metadata'
import { diffMetadata, diffText, type FieldChange, metadataChanges } from './diff.ts'

describe('diffMetadata', () => {
  it('finds nothing between equal revisions', () => {
    expect(
      diffMetadata(
        { title: 'A', openGraph: { url: 'https://a.b/' } },
        { title: 'A', openGraph: { url: 'https://a.b/' } },
      ),
    ).toEqual([])
  })

  it.each([
    [{}, { title: 'New' }, [{ path: 'title', kind: 'added', after: 'New' }]],
    [{ title: 'Old' }, {}, [{ path: 'title', kind: 'removed', before: 'Old' }]],
    [
      { title: 'Old' },
      { title: 'New' },
      [{ path: 'title', kind: 'changed', before: 'Old', after: 'New' }],
    ],
    [{}, { noindex: true }, [{ path: 'noindex', kind: 'added', after: 'true' }]],
    [
      { openGraph: { localeAlternate: ['fr_FR'] } },
      { openGraph: { localeAlternate: ['fr_FR', 'de_DE'] } },
      [
        {
          path: 'openGraph.localeAlternate',
          kind: 'changed',
          before: 'fr_FR',
          after: 'fr_FR, de_DE',
        },
      ],
    ],
    [
      { customTags: [{ name: 'a', content: '1' }] },
      {
        customTags: [
          { name: 'a', content: '2' },
          { name: 'b', content: '3' },
        ],
      },
      [
        { path: 'customTags.0.content', kind: 'changed', before: '1', after: '2' },
        { path: 'customTags.1.name', kind: 'added', after: 'b' },
        { path: 'customTags.1.content', kind: 'added', after: '3' },
      ],
    ],
  ] as [Metadata, Metadata, FieldChange[]][])('%j → %j', (before, after, expected) => {
    expect(diffMetadata(before, after)).toEqual(expected)
  })

  it("lists fields in the editor's order, list entries by index", () => {
    const image = (width: number) => ({
      url: 'https://a.b/i.png',
      width,
      height: 1,
      mimeType: 'image/png',
    })
    const paths = diffMetadata(
      {},
      {
        customTags: [{ name: 'x', content: 'y' }],
        twitter: { card: 'summary' },
        openGraph: { images: Array.from({ length: 11 }, (_, index) => image(index)), title: 'T' },
        title: 'T',
      },
    ).map((change) => change.path)
    expect(paths.slice(0, 3)).toEqual(['title', 'openGraph.title', 'openGraph.images.0.url'])
    expect(paths.indexOf('openGraph.images.10.url')).toBeGreaterThan(
      paths.indexOf('openGraph.images.2.url'),
    )
    expect(paths.slice(-3)).toEqual(['twitter.card', 'customTags.0.name', 'customTags.0.content'])
  })
})

describe('diffText', () => {
  it('keeps what both texts share and groups each run of changes', () => {
    expect(diffText('Plans for small teams today', 'Plans for every team today')).toEqual([
      { kind: 'same', text: 'Plans for ' },
      { kind: 'removed', text: 'small teams' },
      { kind: 'added', text: 'every team' },
      { kind: 'same', text: ' today' },
    ])
  })

  it('handles additions at the end and removals at the start', () => {
    expect(diffText('Old start of text', 'start of text and more')).toEqual([
      { kind: 'removed', text: 'Old ' },
      { kind: 'same', text: 'start of text' },
      { kind: 'added', text: ' and more' },
    ])
  })

  it('shows very long texts as replaced rather than spending seconds on them', () => {
    const before = 'word '.repeat(1500)
    const after = 'other '.repeat(1500)
    expect(diffText(before, after)).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ])
  })
})

describe('metadataChanges', () => {
  it('lists the fields that differ in the order met in the first, then in the second', () => {
    expect(
      metadataChanges(
        { title: 'Mine', openGraph: { title: 'OG' } },
        { noindex: true, title: 'Theirs', openGraph: {} },
      ),
    ).toEqual([
      { path: 'title', kind: 'changed', before: 'Mine', after: 'Theirs' },
      { path: 'openGraph.title', kind: 'removed', before: 'OG' },
      { path: 'noindex', kind: 'added', after: 'true' },
    ])
  })
})
