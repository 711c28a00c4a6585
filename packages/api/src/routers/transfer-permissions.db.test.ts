import { ORPCError } from '@orpc/client'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import { Visitor } from '../../test/visitor.ts'

// The export download and the transfer procedures × {anonymous, stranger, member, admin, owner} ×
// {own organization, another's}: every member may export and preview an import of their
// organization's sites; nobody reaches another organization's site, whatever the slug and
// hostname they combine.

const server = useTestServer()

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
const foreign = [
  { organizationSlug: 'globex', siteHostname: 'globex.com' },
  { organizationSlug: 'acme', siteHostname: 'globex.com' },
]

async function castWithPages(): Promise<SiteCast> {
  const cast = await siteCast(server.current)
  await cast.owner.rpc.pages.create({ ...acme, path: '/pricing' })
  await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: '=Pricing', openGraph: { siteName: 'Acme' } },
  })
  await cast.owner.rpc.pages.create({ ...acme, path: '/about' })
  return cast
}

const exportUrl = (slug: string, hostname: string, extension = 'csv') =>
  `/api/export/${slug}/${hostname}.${extension}`

/** Every row a `transfer.export` stream gives, or the error code that ends it. */
async function exportedRows(call: Promise<AsyncIterable<Array<Record<string, unknown>>>>) {
  const rows: Array<Record<string, unknown>> = []
  try {
    for await (const batch of await call) rows.push(...batch)
  } catch (error) {
    if (error instanceof ORPCError) return error.code as string
    throw error
  }
  return rows
}

async function rpcError(call: Promise<unknown>): Promise<string> {
  try {
    await call
  } catch (error) {
    if (error instanceof ORPCError) return error.code
    throw error
  }
  return 'OK'
}

describe('GET /api/export/<organization>/<hostname>.csv', () => {
  it('streams the site to each member as a download, and to nobody else', async () => {
    const cast = await castWithPages()
    for (const visitor of [cast.member, cast.admin, cast.owner]) {
      const response = await visitor.fetch(exportUrl('acme', 'acme.com'))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="acme\.com-pages-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      expect(response.headers.get('cache-control')).toBe('no-store')
      const bytes = new Uint8Array(await response.arrayBuffer())
      // A UTF-8 byte-order mark first, so spreadsheets read accents right.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = new TextDecoder().decode(bytes)
      expect(
        text
          .split('\r\n')
          .filter(Boolean)
          .map((line) => line.split(',')[0]),
      ).toEqual(['path', '/about', '/pricing'])
      expect(text).toContain("/pricing,'=Pricing,")
    }

    const ndjson = await cast.member.fetch(exportUrl('acme', 'ACME.com', 'ndjson'))
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
    const lines = (await ndjson.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((line: { path: string }) => line.path)).toEqual(['/about', '/pricing'])

    const anonymous = await new Visitor(server.current.origin).fetch(exportUrl('acme', 'acme.com'))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.text()).toBe('Sign in to continue.')

    const stranger = await cast.stranger.fetch(exportUrl('acme', 'acme.com'))
    expect(stranger.status).toBe(404)
    expect(await stranger.text()).toMatch(/was not found among your organizations/)

    for (const visitor of [cast.member, cast.admin, cast.owner]) {
      for (const target of foreign) {
        const response = await visitor.fetch(
          exportUrl(target.organizationSlug, target.siteHostname),
        )
        expect(response.status).toBe(404)
        expect(await response.text()).not.toContain('secret')
      }
    }
    // Globex's own owner reaches Globex's page, which Acme's people could not.
    const theirs = await cast.other.owner.fetch(exportUrl('globex', 'globex.com'))
    expect(await theirs.text()).toContain('Globex secret')
  })

  it('answers a malformed address or method with a message, never a 500', async () => {
    const cast = await castWithPages()
    expect((await cast.owner.fetch('/api/export/acme/acme.com.xlsx')).status).toBe(404)
    expect((await cast.owner.fetch('/api/export/acme')).status).toBe(404)
    expect((await cast.owner.fetch('/api/export/%E0%A4%A/acme.com.csv')).status).toBe(400)
    expect((await cast.owner.fetch('/api/export/acme/acme%00.com.csv')).status).toBe(400)
    const post = await cast.owner.fetch(exportUrl('acme', 'acme.com'), { method: 'POST' })
    expect(post.status).toBe(405)
    const prefixed = await cast.owner.fetch(`${exportUrl('acme', 'acme.com')}?pathPrefix=/pri`)
    expect((await prefixed.text()).trim().split('\r\n')).toHaveLength(2)
  })
})

describe('transfer procedures', () => {
  const content = 'path,title\n/pricing,Plans\n/new,Fresh\n'

  it('let every member preview an import and read the columns; strangers and other organizations get NOT_FOUND', async () => {
    const cast = await castWithPages()
    for (const visitor of [cast.member, cast.admin, cast.owner]) {
      const preview = await visitor.rpc.transfer.importPreview({ ...acme, format: 'csv', content })
      expect(preview).toMatchObject({
        rows: 2,
        changeCount: 1,
        unknownPaths: ['/new'],
        unknownPathCount: 1,
        changes: [
          {
            path: '/pricing',
            before: { title: '=Pricing', openGraph: { siteName: 'Acme' } },
            after: { title: 'Plans', openGraph: { siteName: 'Acme' } },
          },
        ],
      })
      const rows = await exportedRows(visitor.rpc.transfer.export(acme))
      expect(rows).toEqual([
        expect.objectContaining({ path: '/about', title: null }),
        expect.objectContaining({
          path: '/pricing',
          title: '=Pricing',
          'openGraph.siteName': 'Acme',
        }),
      ])
      for (const target of foreign) {
        expect(await exportedRows(visitor.rpc.transfer.export(target))).toBe('NOT_FOUND')
      }
      const columns = await visitor.rpc.transfer.listColumns({ organizationSlug: 'acme' })
      expect(columns[0]).toMatchObject({ key: 'path', kind: 'path' })
      for (const target of foreign) {
        expect(
          await rpcError(visitor.rpc.transfer.importPreview({ ...target, format: 'csv', content })),
        ).toBe('NOT_FOUND')
      }
      expect(await rpcError(visitor.rpc.transfer.listColumns({ organizationSlug: 'globex' }))).toBe(
        'NOT_FOUND',
      )
    }
    expect(
      await rpcError(cast.stranger.rpc.transfer.importPreview({ ...acme, format: 'csv', content })),
    ).toBe('NOT_FOUND')
    expect(await exportedRows(cast.stranger.rpc.transfer.export(acme))).toBe('NOT_FOUND')
    expect(
      await rpcError(cast.stranger.rpc.transfer.listColumns({ organizationSlug: 'acme' })),
    ).toBe('NOT_FOUND')
    const anonymous = new Visitor(server.current.origin)
    expect(
      await rpcError(anonymous.rpc.transfer.importPreview({ ...acme, format: 'csv', content })),
    ).toBe('UNAUTHORIZED')
    expect(await exportedRows(anonymous.rpc.transfer.export(acme))).toBe('UNAUTHORIZED')
    // A preview writes nothing.
    const page = await cast.owner.rpc.pages.get({ ...acme, pagePath: '/pricing' })
    expect(page.revision?.metadata).toEqual({ title: '=Pricing', openGraph: { siteName: 'Acme' } })
  })

  it('reports bad rows with line and column, and refuses a file past the body limit with 413', async () => {
    const cast = await castWithPages()
    const preview = await cast.member.rpc.transfer.importPreview({
      ...acme,
      format: 'csv',
      content: 'Address,title\n/pricing,x\n/pricing,y\n',
      mapping: { Address: 'path' },
      createMissing: true,
    })
    expect(preview.errors).toEqual([
      {
        line: 3,
        column: 'path',
        message: 'The page /pricing is already on line 2; keep one row per page.',
      },
    ])
    const huge = `path,description\n${'/p,x\n'.repeat(220_000)}`
    const response = await cast.member.fetch('/api/rpc/transfer/importPreview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { ...acme, format: 'csv', content: huge } }),
    })
    expect(response.status).toBe(413)
  })

  it('imports a file as one applied change set for every member; a bad row refuses the whole file; strangers and other organizations get NOT_FOUND', async () => {
    const cast = await castWithPages()
    const titles = ['Plans by member', 'Plans by admin', 'Plans by owner']
    for (const [index, visitor] of [cast.member, cast.admin, cast.owner].entries()) {
      for (const target of foreign) {
        expect(
          await rpcError(
            visitor.rpc.transfer.import({
              ...target,
              format: 'csv',
              content: 'path,title\n/x,y\n',
            }),
          ),
        ).toBe('NOT_FOUND')
      }
      const bad = await visitor.rpc.transfer
        .import({
          ...acme,
          format: 'csv',
          content: `path,title,canonical\n/pricing,${titles[index]},https://acme.com/pricing\n/about,About,not a url\n`,
        })
        .catch((error: unknown) => error as { code: string; message: string; data: unknown })
      expect(bad).toMatchObject({
        code: 'BAD_REQUEST',
        data: { errorCount: 1, errors: [{ line: 3, column: 'canonical' }] },
      })
      expect((bad as { message: string }).message).toMatch(
        /^Nothing was imported: one row needs fixing first \(line 3, canonical: /,
      )
      const untouched = await visitor.rpc.pages.get({ ...acme, pagePath: '/pricing' })
      expect(untouched.revision?.metadata.title).toBe(index === 0 ? '=Pricing' : titles[index - 1])

      const done = await visitor.rpc.transfer.import({
        ...acme,
        format: 'csv',
        content: `path,title\n/pricing,${titles[index]}\n/new-${index},Fresh\n`,
        createMissing: true,
        note: 'Spring titles',
      })
      expect(done).toMatchObject({ applied: 1, created: 1, conflicts: [], errorCount: 0 })
      const page = await visitor.rpc.pages.get({ ...acme, pagePath: '/pricing' })
      expect(page.revision).toMatchObject({
        metadata: { title: titles[index] },
        source: 'import',
        changeSet: { id: done.changeSetId, note: 'Spring titles' },
      })
      const created = await visitor.rpc.pages.get({ ...acme, pagePath: `/new-${index}` })
      expect(created.revision?.metadata).toEqual({ title: 'Fresh' })
      // The same file again changes nothing and writes no change set.
      const again = await visitor.rpc.transfer.import({
        ...acme,
        format: 'csv',
        content: `path,title\n/pricing,${titles[index]}\n`,
      })
      expect(again).toMatchObject({ changeSetId: null, applied: 0, unchanged: 1 })
    }
    expect(
      await rpcError(cast.stranger.rpc.transfer.import({ ...acme, format: 'csv', content })),
    ).toBe('NOT_FOUND')
    expect(
      await rpcError(
        new Visitor(server.current.origin).rpc.transfer.import({ ...acme, format: 'csv', content }),
      ),
    ).toBe('UNAUTHORIZED')
  })
})
