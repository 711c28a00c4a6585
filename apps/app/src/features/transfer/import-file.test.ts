import { describe, expect, it } from 'vitest'
import {
  csvHeader,
  formatOfName,
  guessMapping,
  ndjsonKeys,
  needsMapping,
  readableSize,
} from './import-file.ts'

describe('the import file', () => {
  it('takes its format from the name', () => {
    expect(formatOfName('pages.CSV')).toBe('csv')
    expect(formatOfName('pages.ndjson')).toBe('json')
    expect(formatOfName('pages.json')).toBe('json')
    expect(formatOfName('pages.txt')).toBe('csv')
  })

  it('reads the header row of a CSV, quotes and byte order mark included', () => {
    expect(csvHeader('\uFEFFpath,"Title, long","say ""hi""" \r\n/a,b,c')).toEqual([
      'path',
      'Title, long',
      'say "hi"',
    ])
    expect(csvHeader('Address,Headline\n/a,A')).toEqual(['Address', 'Headline'])
    expect(csvHeader('')).toEqual([])
  })

  it('collects the keys of NDJSON lines and skips lines that are not JSON', () => {
    expect(
      ndjsonKeys('{"path":"/a","title":"A"}\nnot json\n{"path":"/b","Headline":"B"}\n'),
    ).toEqual(['path', 'title', 'Headline'])
  })

  it('offers the mapping step for unknown headers or a missing path column, not for bad cells', () => {
    const layout = ['path', 'title']
    const unknown = [{ line: 1, column: 'Address', message: '“Address” is not a column' }]
    expect(needsMapping(unknown, ['Address', 'title'], layout)).toBe(true)
    const noPath = [{ line: 1, column: 'path', message: 'The header has no path column: add one' }]
    expect(needsMapping(noPath, ['title'], layout)).toBe(true)
    const badCell = [{ line: 3, column: 'title', message: 'Too long' }]
    expect(needsMapping(badCell, ['path', 'title'], layout)).toBe(false)
  })

  it('guesses a mapping from names that differ only in case and punctuation', () => {
    expect(
      guessMapping(['Path', 'Open Graph Title', 'Headline'], ['path', 'openGraph.title']),
    ).toEqual({
      Path: 'path',
      'Open Graph Title': 'openGraph.title',
      Headline: undefined,
    })
  })

  it('says sizes as people read them', () => {
    expect(readableSize(512)).toBe('512 bytes')
    expect(readableSize(1_500_000)).toBe('1.5 MB')
  })
})
