import { describe, expect, it } from 'vitest'
import { metadataDifferences } from './metadata-diff.ts'

describe('the differences between two versions of a page', () => {
  it('lists each differing field by its dotted path, and nothing else', () => {
    expect(
      metadataDifferences(
        {
          title: 'Mine',
          description: 'Same',
          openGraph: { title: 'OG mine', type: 'website' },
          customTags: [{ name: 'theme-color', content: '#000' }],
        },
        {
          title: 'Theirs',
          description: 'Same',
          openGraph: { type: 'website' },
          noindex: true,
          customTags: [{ name: 'theme-color', content: '#fff' }],
        },
      ),
    ).toEqual([
      { path: 'title', mine: 'Mine', theirs: 'Theirs' },
      { path: 'openGraph.title', mine: 'OG mine', theirs: undefined },
      { path: 'customTags.0.content', mine: '#000', theirs: '#fff' },
      { path: 'noindex', mine: undefined, theirs: 'true' },
    ])
  })

  it('finds no difference between equal versions', () => {
    expect(
      metadataDifferences(
        { icon: [{ url: '/a.png', width: 1, height: 1, mimeType: 'image/png' }] },
        { icon: [{ url: '/a.png', width: 1, height: 1, mimeType: 'image/png' }] },
      ),
    ).toEqual([])
  })
})
