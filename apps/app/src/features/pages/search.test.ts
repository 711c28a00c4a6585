import { describe, expect, it } from 'vitest'
import { editorSearch, pathFromSearch } from './search.ts'

describe('the page screens’ search params', () => {
  it.each([
    [{ path: '/pricing' }, { path: '/pricing' }],
    [{ path: 404 }, { path: '404' }],
    [{ path: '' }, {}],
    [{}, {}],
    [{ path: { a: 1 } }, {}],
  ])('path %j → %j', (search, expected) => {
    expect(pathFromSearch(search)).toEqual(expected)
  })

  it.each([
    [{ tab: 'twitter' }, { tab: 'twitter' }],
    [{ tab: 'nope' }, { tab: 'basic' }],
    [{ tab: 3 }, { tab: 'basic' }],
    [{}, {}],
    [
      { metadataRevisionId: 'r1', tab: 'custom' },
      { tab: 'custom', metadataRevisionId: 'r1' },
    ],
    [{ metadataRevisionId: '' }, {}],
  ])('editor %j → %j', (search, expected) => {
    expect(editorSearch(search)).toEqual(expected)
  })
})
