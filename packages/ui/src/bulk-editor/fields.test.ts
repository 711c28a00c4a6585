import { describe, expect, it } from 'vitest'
import { validateMetadata } from '../metadata-editor/validate.ts'
import { BULK_FIELDS, bulkField, setBulkField } from './fields.ts'
import { runBulkOperation } from './operations.ts'
import { addBulkEdits, EMPTY_BULK_EDITS, settleBulkEdits, undoBulkEdit } from './use-bulk-edits.ts'
import { generateBulkRows } from './bulk-editor.fixtures.ts'

describe('bulk fields', () => {
  it('names every field as the editor labels it, each key once', () => {
    expect(new Set(BULK_FIELDS.map((field) => field.key)).size).toBe(BULK_FIELDS.length)
    expect(bulkField('canonical').label).toBe('Canonical URL')
    expect(bulkField('openGraph.image.url').label).toBe('Open Graph › Main image › URL')
  })

  it('refuses what the editor refuses, with the editor’s message', () => {
    const result = setBulkField({}, 'canonical', 'not a url')
    expect(result.error).toBe(validateMetadata({ canonical: 'not a url' }).canonical)
    expect(setBulkField({}, 'openGraph.url', 'javascript:alert(1)').error).toMatch(/https:/)
    expect(setBulkField({}, 'title', 'x'.repeat(513)).error).toMatch(/512 characters/)
    expect(setBulkField({}, 'twitter.card', 'huge').error).toMatch(/summary/)
    expect(setBulkField({}, 'openGraph.image.url', 'https://a.example/i.png').error).toMatch(
      /no image/,
    )
  })

  it('sets, clears and prunes, leaving problems elsewhere on the page alone', () => {
    const page = { title: 'A', canonical: 'bad' }
    expect(setBulkField(page, 'title', 'B').metadata).toEqual({ title: 'B', canonical: 'bad' })
    expect(setBulkField(page, 'title', '').metadata).toEqual({ canonical: 'bad' })
    expect(setBulkField({ robots: { noindex: true } }, 'noindex', false).metadata).toEqual({})
    expect(setBulkField({}, 'robots.nofollow', true).metadata).toEqual({
      robots: { nofollow: true },
    })
    const image = { url: 'https://a.example/1.png', width: 1, height: 1, mimeType: 'image/png' }
    expect(setBulkField({ openGraph: { image } }, 'openGraph.image.url', '').metadata).toEqual({})
  })
})

describe('pending edits', () => {
  const rows = generateBulkRows(3)
  const edit = (index: number, title: string) => {
    const row = rows[index]!
    return {
      pageId: row.id,
      path: row.path,
      baseRevisionId: row.currentRevisionId,
      before: row.metadata,
      after: { ...row.metadata, title },
    }
  }

  it('keeps the first before, drops a page edited back, and undoes step by step', () => {
    let state = addBulkEdits(EMPTY_BULK_EDITS, [edit(0, 'One')])
    state = addBulkEdits(state, [edit(0, 'Two'), edit(1, 'Other')])
    expect(state.edits.get('page-1')?.before).toEqual(rows[0]!.metadata)
    expect(state.edits.get('page-1')?.after.title).toBe('Two')
    state = undoBulkEdit(state)
    expect(state.edits.get('page-1')?.after.title).toBe('One')
    expect(state.edits.has('page-2')).toBe(false)
    state = addBulkEdits(state, [edit(0, rows[0]!.metadata.title!)])
    expect(state.edits.size).toBe(0)
  })

  it('settles: applied pages leave, conflicts stay marked', () => {
    const state = addBulkEdits(EMPTY_BULK_EDITS, [edit(0, 'One'), edit(1, 'Two')])
    const settled = settleBulkEdits(state, ['page-1', 'page-2'], {
      applied: 1,
      conflicts: [{ pageId: 'page-2', path: rows[1]!.path }],
    })
    expect([...settled.edits.keys()]).toEqual(['page-2'])
    expect(settled.edits.get('page-2')?.conflict).toMatch(/someone else/)
    expect(settled.undo).toEqual([])
  })
})

describe('operations over loaded pages', () => {
  const rows = generateBulkRows(30)
  it('replaces plain text in one field, counting matches and changes', () => {
    const result = runBulkOperation(
      {
        kind: 'replace',
        field: 'title',
        find: 'acme',
        replace: 'Acme Inc.',
        regex: false,
        caseSensitive: false,
      },
      rows,
      (row) => row.metadata,
    )
    expect(result.matchedPages).toBe(30)
    expect(result.changedPages).toBe(30)
    expect(result.sample[0]).toEqual({
      path: rows[0]!.path,
      field: 'title',
      before: 'Page 1 — blog · Acme',
      after: 'Page 1 — blog · Acme Inc.',
    })
  })

  it('uses groups in a regular expression and leaves refused values out', () => {
    const result = runBulkOperation(
      {
        kind: 'replace',
        field: 'canonical',
        find: '^https://acme\\.example/(\\w+)/',
        replace: '$1:',
        regex: true,
        caseSensitive: true,
      },
      rows,
      (row) => row.metadata,
    )
    expect(result.matchedPages).toBe(8)
    expect(result.changedPages).toBe(0)
    expect(result.refusedPages).toBe(8)
  })

  it('reports an expression that is not one', () => {
    const result = runBulkOperation(
      { kind: 'replace', field: 'all', find: '(', replace: '', regex: true, caseSensitive: false },
      rows,
      (row) => row.metadata,
    )
    expect(result.error).toMatch(/Not a regular expression/)
  })
})
