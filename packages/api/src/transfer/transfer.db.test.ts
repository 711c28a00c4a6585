import type { Metadata } from '@headmark/metadata'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { hostileTexts } from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { seedPages, seedSite } from '../../test/transfer-fixtures.ts'
import { metadataSchema } from '../domain/metadata-schema.ts'
import { exportSite, type TransferFormat } from './export.ts'
import { type ImportPlan, planImport } from './import.ts'
import { TRANSFER_COLUMNS, TRANSFER_HEADER } from './layout.ts'

// Exports read from and imports planned against a real database (PGlite, and PostgreSQL in the
// postgres project): the file a person downloads, edits in a spreadsheet and sends back.

const server = useTestServer()
const db = () => server.current.headmark.db

async function exported(siteId: string, format: TransferFormat, pathPrefix?: string) {
  let text = ''
  for await (const chunk of exportSite(db(), {
    siteId,
    format,
    batchSize: 2,
    ...(pathPrefix ? { pathPrefix } : {}),
  })) {
    text += chunk
  }
  return text
}

function plan(
  siteId: string,
  body: string | ReadableStream<Uint8Array>,
  more: Partial<Parameters<typeof planImport>[1]> = {},
) {
  return planImport(db(), { siteId, format: 'csv', body, createMissing: false, ...more })
}

const errorsOf = (result: ImportPlan) =>
  result.errors.map(({ line, column }) => `${line}:${column ?? '-'}`)

const formulaPage: Metadata = {
  title: '=HYPERLINK("https://evil.example","click")',
  description: '+1 555 0100',
  openGraph: { title: '-5% today', siteName: '@acme', description: '\tTabbed', determiner: '' },
  twitter: { title: "'=already quoted" },
  robots: { maxSnippet: -1 },
}

describe('export', () => {
  it('lists every page by path in byte order, with and without revisions, the defaults left out', async () => {
    const { siteId } = await seedSite(db())
    await seedPages(db(), siteId, [
      { path: null, metadata: { title: 'Site defaults' } },
      {
        path: '/b',
        metadata: { title: 'B', noindex: false, customTags: [{ name: 'x', content: '' }] },
      },
      { path: '/a', metadata: null },
      { path: '/B', metadata: { description: 'Upper' } },
      { path: '/é', metadata: { title: 'Accent' } },
      { path: '/blog/one', metadata: { title: 'One' } },
    ])
    const csv = await exported(siteId, 'csv')
    expect(csv.startsWith('\uFEFFpath,title,description,')).toBe(true)
    expect(csv).toContain('\r\n')
    expect(csv).not.toContain('Site defaults')
    const [header, ...rows] = parse(csv, { bom: true }) as string[][]
    expect(header).toEqual(TRANSFER_HEADER)
    expect(rows.map((row) => row[0])).toEqual(['/B', '/a', '/b', '/blog/one', '/é'])
    const b = Object.fromEntries((header ?? []).map((key, i) => [key, rows[2]?.[i]]))
    expect(b).toMatchObject({
      title: 'B',
      noindex: 'false',
      customTags: '[{"name":"x","content":""}]',
    })
    // A page never saved: a row of empty cells.
    expect(rows[1]?.slice(1).every((cell) => cell === '')).toBe(true)

    const lines = (await exported(siteId, 'json')).trimEnd().split('\n')
    expect(lines).toHaveLength(5)
    const first = JSON.parse(lines[0] ?? '') as Record<string, unknown>
    expect(first).toMatchObject({ path: '/B', description: 'Upper', title: null })
    expect(Object.keys(first)).toEqual(TRANSFER_HEADER)

    const blog = await exported(siteId, 'csv', '/blog/')
    expect((parse(blog, { bom: true }) as string[][]).map((row) => row[0])).toEqual([
      'path',
      '/blog/one',
    ])
  })

  it('guards formula cells and reads them back exactly: a round trip changes nothing', async () => {
    const { siteId } = await seedSite(db())
    await seedPages(db(), siteId, [{ path: '/f', metadata: formulaPage }])
    const csv = await exported(siteId, 'csv')
    const cells = (parse(csv, { bom: true }) as string[][])[1] ?? []
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`)
    expect(csv).toContain("''=already quoted")
    for (const format of ['csv', 'json'] as const) {
      const result = await plan(siteId, await exported(siteId, format), { format })
      expect(result).toMatchObject({ rows: 1, unchanged: 1, errorCount: 0, changeCount: 0 })
    }
    // Changing one cell changes exactly that field.
    const edited = csv.replace('@acme', '=Acme Inc')
    const result = await plan(siteId, edited)
    expect(result.edits).toEqual([
      expect.objectContaining({
        path: '/f',
        metadata: {
          ...formulaPage,
          openGraph: { ...formulaPage.openGraph, siteName: '=Acme Inc' },
        },
      }),
    ])
  })

  it('reads an NDJSON export back from a stream cut anywhere, even inside characters', async () => {
    const { siteId } = await seedSite(db())
    await seedPages(
      db(),
      siteId,
      Array.from({ length: 40 }, (_, i) => ({
        path: `/café/${i}`,
        metadata: i % 4 ? { ...formulaPage, title: `東京 ${i} 🎉` } : null,
      })),
    )
    const bytes = new TextEncoder().encode(await exported(siteId, 'json'))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7))
        controller.close()
      },
    })
    const result = await plan(siteId, stream, { format: 'json' })
    expect(result).toMatchObject({ rows: 40, unchanged: 40, errorCount: 0, changeCount: 0 })
  })

  it('round-trips the hostile corpus in every text field', async () => {
    const { siteId } = await seedSite(db())
    const texts = hostileTexts().filter((text) => !text.includes('\u0000') && text.length <= 512)
    const textColumns = TRANSFER_COLUMNS.filter(
      (column) =>
        column.kind === 'text' &&
        ['title', 'description', 'siteName'].includes(column.field.at(-1) ?? ''),
    )
    await seedPages(
      db(),
      siteId,
      texts.map((text, index) => {
        const metadata: Metadata = {}
        for (const column of textColumns) {
          const [a, b] = column.field as [string, string | undefined]
          if (b === undefined) (metadata as Record<string, unknown>)[a] = text
          else ((metadata as Record<string, Record<string, unknown>>)[a] ??= {})[b] = text
        }
        return { path: `/hostile/${index}`, metadata: metadataSchema.parse(metadata) }
      }),
    )
    for (const format of ['csv', 'json'] as const) {
      const result = await plan(siteId, await exported(siteId, format), { format })
      expect(result.errors).toEqual([])
      expect(result).toMatchObject({ rows: texts.length, unchanged: texts.length })
    }
  })
})

describe('import dry run', () => {
  async function siteWith(pages: Array<{ path: string; metadata: Metadata | null }>) {
    const { siteId } = await seedSite(db())
    await seedPages(db(), siteId, pages)
    return siteId
  }

  it('keeps absent columns, unsets empty cells, counts unchanged rows and plans each edit from the current revision', async () => {
    const siteId = await siteWith([
      {
        path: '/a',
        metadata: { title: 'A', description: 'Keep me', canonical: 'https://acme.com/a' },
      },
      { path: '/b', metadata: { title: 'B' } },
      { path: '/c', metadata: null },
    ])
    const result = await plan(
      siteId,
      'path,title,canonical\n/a,New A,\n/b,B,\n/c,C,https://acme.com/c\n',
    )
    expect(result).toMatchObject({ rows: 3, unchanged: 1, changeCount: 2, errorCount: 0 })
    expect(result.edits).toEqual([
      {
        pageId: expect.any(String),
        path: '/a',
        baseRevisionId: expect.any(String),
        metadata: { title: 'New A', description: 'Keep me' },
      },
      {
        pageId: expect.any(String),
        path: '/c',
        baseRevisionId: null,
        metadata: { title: 'C', canonical: 'https://acme.com/c' },
      },
    ])
    expect(result.changes[0]).toMatchObject({
      path: '/a',
      before: { title: 'A', description: 'Keep me', canonical: 'https://acme.com/a' },
    })
  })

  it('creates unknown paths only with createMissing, and otherwise lists them', async () => {
    const siteId = await siteWith([{ path: '/known', metadata: null }])
    const body = 'path,title\n/known,K\nnew-page/,N\nhttps://acme.com/other?x=1,O\n'
    const off = await plan(siteId, body)
    expect(off).toMatchObject({
      unknownPaths: ['/new-page', '/other'],
      toCreate: [],
      changeCount: 1,
    })
    expect(off.edits.map((edit) => edit.path)).toEqual(['/known'])
    const on = await plan(siteId, body, { createMissing: true })
    expect(on).toMatchObject({
      unknownPaths: [],
      toCreate: ['/new-page', '/other'],
      changeCount: 3,
    })
    expect(on.edits.filter((edit) => edit.pageId === null).map((edit) => edit.metadata)).toEqual([
      { title: 'N' },
      { title: 'O' },
    ])
  })

  it('reports every kind of bad row with its spreadsheet line and column, and plans nothing', async () => {
    const siteId = await siteWith([{ path: '/ok', metadata: { title: 'Fine' } }])
    const long = 'x'.repeat(513)
    const body = [
      'path,title,canonical,noindex,robots.maxSnippet,openGraph.images,customTags,openGraph.type',
      '/ok,Changed,,,,,,', // 2: fine, but not applied
      '/bad-url,T,not a url,,,,,', // 3
      `/long,${long},,,,,,`, // 4
      '/json,T,,,,[{"url":,,', // 5
      '/%E0%A4%A,T,,,,,,', // 6
      'https://other.example/x,T,,,,,,', // 7
      '/ok,Again,,,,,,', // 8: duplicate
      '/flag,T,,maybe,,,,', // 9
      '/num,T,,,1.5,,,', // 10
      '/tag,T,,,,,"[{""name"":""title"",""content"":""x""}]",', // 11
      '/type,T,,,,,,movie', // 12
      ',T,,,,,,', // 13: no path
      '/short,T', // 14: too few cells
      '"/img",T,,,,"[{""url"":""https://acme.com/i.png"",""width"":0,""height"":1,""mimeType"":""image/png""}]",,', // 15
    ].join('\n')
    const result = await plan(siteId, body, { createMissing: true })
    expect(errorsOf(result)).toEqual([
      '3:canonical',
      '4:title',
      '5:openGraph.images',
      '6:path',
      '7:path',
      '8:path',
      '9:noindex',
      '10:robots.maxSnippet',
      '11:customTags',
      '12:openGraph.type',
      '13:path',
      '14:-',
      '15:openGraph.images',
    ])
    const message = (line: number) => result.errors.find((error) => error.line === line)?.message
    expect(message(3)).toBe(
      'The canonical URL must be a full URL starting with https:// or http://.',
    )
    expect(message(4)).toBe('The title can have at most 512 characters.')
    expect(message(5)).toMatch(/must hold JSON/)
    expect(message(6)).toMatch(/malformed % escape/)
    expect(message(7)).toMatch(/on other.example, not on acme.com/)
    expect(message(8)).toBe('The page /ok is already on line 2; keep one row per page.')
    expect(message(9)).toMatch(/true or false/)
    expect(message(10)).toMatch(/whole number/)
    expect(message(11)).toMatch(/set by the other tabs/)
    expect(message(12)).toMatch(/Choose one of: website/)
    expect(message(14)).toMatch(/2 cells but the header has 8/)
    expect(message(15)).toBe('The width must be at least 1 pixel.')
    expect(result.edits).toEqual([])
    expect(result.errorCount).toBe(13)
  })

  it('reports header problems on line 1: unknown, duplicate, missing path', async () => {
    const siteId = await siteWith([])
    expect(errorsOf(await plan(siteId, 'path,Titel\n/a,x\n'))).toEqual(['1:Titel'])
    expect((await plan(siteId, 'path,Titel\n/a,x\n')).errors[0]?.message).toMatch(
      /“Titel” is not a column Headmark knows/,
    )
    expect(errorsOf(await plan(siteId, 'path,title,title\n'))).toEqual(['1:title'])
    expect(errorsOf(await plan(siteId, 'title\nx\n'))).toEqual(['1:path'])
    expect(errorsOf(await plan(siteId, ''))).toEqual(['1:-'])
    expect(errorsOf(await plan(siteId, 'path,title\n"/a,x\n'))).toEqual(['2:-'])
  })

  it('reads a BOM, CRLF line ends, blank lines and quoted cells over several lines, numbering rows as a spreadsheet does', async () => {
    const siteId = await siteWith([])
    const body =
      '\uFEFFpath,description,canonical\r\n' +
      '/a,"first line\r\nsecond line, with a comma",\r\n' +
      '\r\n' +
      '/b,"say ""hi""",nope\r\n'
    const result = await plan(siteId, body, { createMissing: true })
    expect(errorsOf(result)).toEqual(['4:canonical'])
    const fixed = await plan(siteId, body.replace('nope', ''), { createMissing: true })
    expect(fixed.edits.map((edit) => edit.metadata)).toEqual([
      { description: 'first line\r\nsecond line, with a comma' },
      { description: 'say "hi"' },
    ])
    expect(fixed.rows).toBe(2)
  })

  it('maps a file’s own headers to columns, and ignores the columns mapped to null', async () => {
    const siteId = await siteWith([{ path: '/a', metadata: { title: 'Old' } }])
    const body = 'URL,Page title,Notes,OG image\nhttps://acme.com/a,New,ignore me,\n'
    const result = await plan(siteId, body, {
      mapping: { URL: 'path', 'Page title': 'title', Notes: null, 'OG image': 'openGraph.image' },
    })
    expect(result.errors).toEqual([])
    expect(result.edits.map((edit) => edit.metadata)).toEqual([{ title: 'New' }])
    const wrong = await plan(siteId, body, { mapping: { URL: 'path', 'Page title': 'heading' } })
    expect(wrong.errors.map((error) => [error.column, error.message])).toEqual([
      [
        'Page title',
        'The mapping sends “Page title” to “heading”, which is not a column Headmark knows.',
      ],
      ['Notes', expect.stringMatching(/not a column Headmark knows/)],
      ['OG image', expect.stringMatching(/not a column Headmark knows/)],
    ])
  })

  it('reads NDJSON: absent keys keep, null unsets, bad lines are reported by line', async () => {
    const siteId = await siteWith([{ path: '/a', metadata: { title: 'A', description: 'D' } }])
    const ok = await plan(siteId, '{"path":"/a","description":null,"noindex":true}\n', {
      format: 'json',
    })
    expect(ok.edits.map((edit) => edit.metadata)).toEqual([{ title: 'A', noindex: true }])
    const bad = await plan(
      siteId,
      '{"path":"/a","noindex":"yes"}\n\n{"path":\n[1]\n{"path":"/a2","nope":1}\n',
      { format: 'json', createMissing: true },
    )
    expect(errorsOf(bad)).toEqual(['1:noindex', '3:-', '4:-', '5:nope'])
  })

  it('runs the hostile corpus through every CSV column and header without failing', async () => {
    const siteId = await siteWith([{ path: '/a', metadata: null }])
    const columns = TRANSFER_COLUMNS.filter((column) => column.kind !== 'path')
    for (const text of hostileTexts()) {
      const quoted = `"${text.replaceAll('"', '""')}"`
      const row = columns.map(() => quoted).join(',')
      const result = await plan(siteId, `path,${columns.map((c) => c.key).join(',')}\n/a,${row}\n`)
      // Every problem is on the row's line; nothing is planned when there is one.
      for (const error of result.errors) expect(error.line).toBe(2)
      if (result.errorCount > 0) expect(result.edits).toEqual([])
      // Through the free-text columns alone: the page gets exactly the text, or a named refusal.
      const texts = [
        'title',
        'description',
        'openGraph.title',
        'openGraph.siteName',
        'twitter.description',
      ]
      const only = await plan(
        siteId,
        `path,${texts.join(',')}\n/a,${texts.map(() => quoted).join(',')}\n`,
      )
      if (only.errorCount === 0 && text !== '') {
        expect(only.edits[0]?.metadata).toMatchObject({
          title: text,
          description: text,
          openGraph: { title: text, siteName: text },
          twitter: { description: text },
        })
      } else if (only.errorCount > 0) {
        expect(only.errors.every((error) => texts.includes(error.column ?? ''))).toBe(true)
      }
      const header = await plan(siteId, `path,${quoted}\n/a,x\n`)
      if (text.trim() === '') expect(header.errors).toEqual([])
      else expect(header.errors.map((error) => error.line)).toEqual([1])
      const asPath = await plan(siteId, `path,title\n${quoted},x\n`, { createMissing: true })
      expect(asPath.errorCount + asPath.changeCount).toBe(1)
    }
  })

  it('refuses more rows or bytes than allowed, with PAYLOAD_TOO_LARGE', async () => {
    const siteId = await siteWith([])
    const body = `path\n${Array.from({ length: 11 }, (_, i) => `/p${i}`).join('\n')}\n`
    await expect(plan(siteId, body, { limits: { rows: 10 } })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This file has more than 10 rows; split it into smaller files.',
    })
    const stream = new Blob([body]).stream()
    await expect(plan(siteId, stream, { limits: { bytes: 20 } })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This file is larger than 1 KiB; split it into smaller files.',
    })
  })

  it('plans an import of 1,000 rows read from a stream', async () => {
    const siteId = await siteWith(
      Array.from({ length: 600 }, (_, i) => ({
        path: `/p/${i}`,
        metadata: i % 2 ? { title: `T${i}` } : null,
      })),
    )
    const lines = ['path,title,openGraph.image']
    for (let i = 0; i < 1000; i++) {
      const image =
        i % 3 === 0
          ? '"{""url"":""https://acme.com/i.png"",""width"":1200,""height"":630,""mimeType"":""image/png""}"'
          : ''
      lines.push(`/p/${i},${i % 4 === 1 ? `T${i}` : `New ${i}`},${image}`)
    }
    const encoder = new TextEncoder()
    const text = `${lines.join('\n')}\n`
    // Uneven chunks, cutting rows and multi-byte characters alike.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = encoder.encode(text)
        for (let at = 0; at < bytes.length; at += 997) controller.enqueue(bytes.slice(at, at + 997))
        controller.close()
      },
    })
    const result = await plan(siteId, stream, { createMissing: true })
    expect(result.errors).toEqual([])
    expect(result.rows).toBe(1000)
    expect(result.toCreate).toHaveLength(400)
    // Odd i < 600 have title T{i}; i % 4 === 1 keeps it, and no image when i % 3 !== 0.
    const unchanged = Array.from({ length: 600 }, (_, i) => i).filter(
      (i) => i % 2 === 1 && i % 4 === 1 && i % 3 !== 0,
    ).length
    expect(result.unchanged).toBe(unchanged)
    expect(result.edits).toHaveLength(1000 - unchanged)
    expect(result.changes).toHaveLength(50)
  })
})
