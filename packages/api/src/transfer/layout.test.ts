import type { Metadata } from '@headmark/metadata'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageMetadata } from '../../test/metadata-arbitrary.ts'
import { compactMetadata } from '../domain/served-metadata.ts'
import {
  columnOfIssue,
  guardCell,
  metadataToJsonRow,
  metadataToRow,
  readJsonValue,
  rowToMetadata,
  setField,
  TRANSFER_COLUMNS,
  TRANSFER_HEADER,
  unguardCell,
} from './layout.ts'

/** A row through a real CSV file: guarded, written, read back, unguarded. */
function throughCsv(row: Record<string, string>): Record<string, string> {
  const text = stringify(
    [TRANSFER_HEADER as string[], TRANSFER_HEADER.map((key) => guardCell(row[key] ?? ''))],
    { record_delimiter: 'windows' },
  )
  const [header, cells] = parse(text) as [string[], string[]]
  return Object.fromEntries(header.map((key, index) => [key, unguardCell(cells[index] ?? '')]))
}

function fromJsonRow(row: Record<string, unknown>): Metadata {
  const metadata: Metadata = {}
  for (const column of TRANSFER_COLUMNS) {
    if (column.kind === 'path') continue
    const result = readJsonValue(column, row[column.key])
    if (!result.ok) throw new Error(result.message)
    setField(metadata, column.field, result.value)
  }
  return compactMetadata(metadata)
}

describe('the column layout', () => {
  it('covers every field of the metadata object', () => {
    const tops = new Set(TRANSFER_COLUMNS.map((column) => column.field[0]).filter(Boolean))
    expect([...tops].sort()).toEqual(
      [
        'alternates',
        'appleTouchIcon',
        'canonical',
        'customTags',
        'description',
        'icon',
        'jsonLd',
        'noindex',
        'openGraph',
        'robots',
        'title',
        'twitter',
      ].sort(),
    )
    expect(TRANSFER_HEADER[0]).toBe('path')
    expect(new Set(TRANSFER_HEADER).size).toBe(TRANSFER_HEADER.length)
  })

  it('gives back any valid page metadata, compacted, from its row', () => {
    fc.assert(
      fc.property(pageMetadata, (metadata) => {
        expect(rowToMetadata(metadataToRow('/p', metadata))).toEqual(compactMetadata(metadata))
      }),
      { numRuns: 300 },
    )
  })

  it('gives it back through a real CSV file, formula guards included', () => {
    fc.assert(
      fc.property(pageMetadata, (metadata) => {
        const row = throughCsv(metadataToRow('/p', metadata))
        expect(row.path).toBe('/p')
        expect(rowToMetadata(row)).toEqual(compactMetadata(metadata))
      }),
      { numRuns: 300 },
    )
  })

  it('gives it back through an NDJSON line', () => {
    fc.assert(
      fc.property(pageMetadata, (metadata) => {
        const line = JSON.parse(JSON.stringify(metadataToJsonRow('/p', metadata))) as Record<
          string,
          unknown
        >
        expect(fromJsonRow(line)).toEqual(compactMetadata(metadata))
      }),
      { numRuns: 200 },
    )
  })

  it('writes "none" for the empty determiner and reads it back, empty cells meaning unset', () => {
    const row = metadataToRow('/p', { openGraph: { determiner: '', title: '' } })
    expect(row['openGraph.determiner']).toBe('none')
    expect(row['openGraph.title']).toBe('')
    expect(rowToMetadata(row)).toEqual({ openGraph: { determiner: '' } })
    expect(rowToMetadata({ path: '/p', noindex: 'FALSE', 'robots.maxSnippet': '-1' })).toEqual({
      noindex: false,
      robots: { maxSnippet: -1 },
    })
  })
})

describe('formula guards', () => {
  it('prefix exactly the cells a spreadsheet would run, and come off exactly', () => {
    const cases: Array<[string, string]> = [
      ['=SUM(A1)', "'=SUM(A1)"],
      ['+1', "'+1"],
      ['-1', "'-1"],
      ['@cmd', "'@cmd"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ["'=x", "''=x"],
      ["'plain", "'plain"],
      ['plain', 'plain'],
      ['a=b', 'a=b'],
      ['', ''],
    ]
    for (const [value, guarded] of cases) {
      expect(guardCell(value)).toBe(guarded)
      expect(unguardCell(guardCell(value))).toBe(value)
    }
  })

  it('round-trip any text', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const guarded = guardCell(value)
        expect(/^[=+\-@\t\r]/.test(guarded)).toBe(false)
        expect(unguardCell(guarded)).toBe(value)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('columnOfIssue', () => {
  it('names the column holding an issue of a nested field', () => {
    expect(columnOfIssue(['openGraph', 'images', 0, 'url'])?.key).toBe('openGraph.images')
    expect(columnOfIssue(['openGraph', 'title'])?.key).toBe('openGraph.title')
    expect(columnOfIssue(['customTags', 1, 'name'])?.key).toBe('customTags')
    expect(columnOfIssue(['robots'])).toBeUndefined()
  })
})
