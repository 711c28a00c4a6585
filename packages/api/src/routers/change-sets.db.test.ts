import { asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { edgeRefusal, hostileTexts } from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import { insertWebhook } from '../../test/webhook-fixtures.ts'
import { changeSet, metadataRevision, page, webhookMessage } from '../db/schema.ts'
import { COALESCE_THRESHOLD } from '../domain/events.ts'

const server = useTestServer()
afterEach(async () => {
  await server.current.headmark.webhooks.resume()
})

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

/** Pages /p/001… of acme.com, each saved once in the editor with its own title. */
async function pagesWithTitles(cast: SiteCast, count: number) {
  const pages: Array<{ id: string; path: string; revisionId: string }> = []
  for (let i = 1; i <= count; i++) {
    const path = `/p/${String(i).padStart(3, '0')}`
    const created = await cast.owner.rpc.pages.create({ ...acme, path })
    const saved = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: path,
      baseRevisionId: null,
      metadata: { title: `Page ${i}`, description: `About page ${i} - Acme` },
    })
    pages.push({ id: created.id, path, revisionId: saved.id })
  }
  return pages
}

/** Many pages at once, straight into the database (one revision each). */
async function seedPages(cast: SiteCast, count: number, prefix = '/bulk/') {
  const { db } = server.current.headmark
  await db.execute(sql`
    insert into page (id, site_id, path, current_revision_id)
    select 'pg' || g, ${cast.site.id}, ${prefix} || lpad(g::text, 4, '0'), 'rv' || g
    from generate_series(1, ${count}) as g`)
  await db.execute(sql`
    insert into metadata_revision (id, page_id, number, metadata, source)
    select 'rv' || g, 'pg' || g, 1, jsonb_build_object('title', 'Seeded ' || g), 'import'
    from generate_series(1, ${count}) as g`)
}

async function currentTitle(pageId: string): Promise<unknown> {
  const [row] = await server.current.headmark.db
    .select({ metadata: metadataRevision.metadata })
    .from(page)
    .innerJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
    .where(eq(page.id, pageId))
  return row?.metadata.title
}

async function queuedMessages(siteId: string) {
  return server.current.headmark.db
    .select({ payload: webhookMessage.payload })
    .from(webhookMessage)
    .where(eq(webhookMessage.siteId, siteId))
    .orderBy(asc(webhookMessage.createdAt))
}

describe('changeSets: create, review, apply', () => {
  it('applies every page in one go, reports a page saved in the editor meanwhile as a conflict and leaves it with the editor’s revision', async () => {
    const cast = await siteCast(server.current)
    const pages = await pagesWithTitles(cast, 3)
    const [first, second, third] = pages as [
      (typeof pages)[0],
      (typeof pages)[0],
      (typeof pages)[0],
    ]

    const created = await cast.member.rpc.changeSets.create({
      ...acme,
      note: 'Retitle the product pages',
      edits: pages.map((p, i) => ({
        pageId: p.id,
        path: p.path,
        baseRevisionId: p.revisionId,
        // The third edit changes nothing.
        metadata:
          i === 2
            ? { title: 'Page 3', description: 'About page 3 - Acme' }
            : { title: `New ${i + 1}`, description: `About page ${i + 1} - Acme` },
      })),
    })
    expect(created.itemCount).toBe(3)

    // Someone saves the second page in the editor after the set was built.
    const editor = await cast.admin.rpc.metadataRevisions.save({
      ...acme,
      pagePath: second.path,
      baseRevisionId: second.revisionId,
      metadata: { title: 'Edited by hand' },
    })

    const result = await cast.member.rpc.changeSets.apply({ ...acme, changeSetId: created.id })
    expect(result).toEqual({
      applied: 1,
      created: 0,
      unchanged: 1,
      conflicts: [{ path: second.path, currentRevisionId: editor.id }],
    })
    expect(await currentTitle(first.id)).toBe('New 1')
    expect(await currentTitle(second.id)).toBe('Edited by hand')
    expect(await currentTitle(third.id)).toBe('Page 3')

    // The page's history names the change set.
    const history = await cast.owner.rpc.metadataRevisions.list({ ...acme, pagePath: first.path })
    expect(history.items[0]).toMatchObject({
      number: 2,
      source: 'bulk',
      author: { name: 'member person' },
      changeSet: { id: created.id, note: 'Retitle the product pages' },
    })

    // The review shows each page's before and after, and what applying did.
    const review = await cast.member.rpc.changeSets.get({ ...acme, changeSetId: created.id })
    expect(review.changeSet).toMatchObject({
      status: 'applied',
      source: 'bulk',
      itemCount: 3,
      counts: { applied: 1, created: 0, conflicts: 1, unchanged: 1 },
    })
    expect(
      review.items.map((item) => [item.path, item.before.title, item.after.title, item.result]),
    ).toEqual([
      [first.path, 'Page 1', 'New 1', 'applied'],
      [second.path, 'Page 2', 'New 2', 'conflict'],
      [third.path, 'Page 3', 'Page 3', 'unchanged'],
    ])

    // Applied once: a second apply, an addition or a discard is refused.
    await expect(
      cast.member.rpc.changeSets.apply({ ...acme, changeSetId: created.id }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already applied'),
    })
    await expect(
      cast.member.rpc.changeSets.discard({ ...acme, changeSetId: created.id }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    const list = await cast.member.rpc.changeSets.list(acme)
    expect(list.items.map((item) => item.id)).toEqual([created.id])
  })

  it('refuses edits that a save would refuse, naming each page, and stores nothing', async () => {
    const cast = await siteCast(server.current)
    const [one, two] = (await pagesWithTitles(cast, 2)) as Array<{
      id: string
      path: string
      revisionId: string
    }>
    const call = cast.member.rpc.changeSets.create({
      ...acme,
      edits: [
        {
          pageId: one!.id,
          path: one!.path,
          baseRevisionId: one!.revisionId,
          metadata: { title: 'x'.repeat(600) },
        },
        {
          pageId: two!.id,
          path: two!.path,
          baseRevisionId: two!.revisionId,
          metadata: { canonical: 'not a url' },
        },
      ],
    })
    await expect(call).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('2 edits can not be saved'),
      data: {
        edits: [
          { path: one!.path, issues: [expect.objectContaining({ path: ['metadata', 'title'] })] },
          {
            path: two!.path,
            issues: [expect.objectContaining({ path: ['metadata', 'canonical'] })],
          },
        ],
      },
    })
    const sets = await server.current.headmark.db.select().from(changeSet)
    expect(sets).toEqual([])
  })

  it('creates pages for new paths (imports), within the plan’s page quota', async () => {
    const cast = await siteCast(server.current)
    const { createChangeSet, applyChangeSet } = await import('../domain/change-sets.ts')
    const { db, events } = server.current.headmark
    const { id } = await createChangeSet(db, {
      siteId: cast.site.id,
      authorId: null,
      note: 'Import',
      source: 'import',
      edits: [
        { pageId: null, path: '/new-page', baseRevisionId: null, metadata: { title: 'Imported' } },
      ],
    })
    const result = await applyChangeSet(db, events, {
      siteId: cast.site.id,
      changeSetId: id,
      authorId: null,
    })
    expect(result).toEqual({ applied: 0, created: 1, unchanged: 0, conflicts: [] })
    const got = await cast.member.rpc.pages.get({ ...acme, pagePath: '/new-page' })
    expect(got.revision).toMatchObject({
      number: 1,
      source: 'import',
      metadata: { title: 'Imported' },
    })
  })

  it('writes nothing when applying fails midway', async () => {
    const cast = await siteCast(server.current)
    const pages = await pagesWithTitles(cast, 2)
    const created = await cast.member.rpc.changeSets.create({
      ...acme,
      edits: pages.map((p) => ({
        pageId: p.id,
        path: p.path,
        baseRevisionId: p.revisionId,
        metadata: { title: 'Never' },
      })),
    })
    // A listener that fails inside the apply's transaction, after every revision was written.
    let fail = true
    server.current.headmark.events.onChangeSetApplied(async () => {
      if (fail) throw new Error('listener failed')
    })
    await expect(
      cast.member.rpc.changeSets.apply({ ...acme, changeSetId: created.id }),
    ).rejects.toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
    })
    fail = false
    for (const p of pages) expect(await currentTitle(p.id)).toMatch(/^Page /)
    const revisions = await server.current.headmark.db
      .select({ id: metadataRevision.id })
      .from(metadataRevision)
      .where(eq(metadataRevision.changeSetId, created.id))
    expect(revisions).toEqual([])
    const [set] = await server.current.headmark.db
      .select()
      .from(changeSet)
      .where(eq(changeSet.id, created.id))
    expect(set?.status).toBe('pending')
    // Still pending: it applies once the failure is gone.
    const result = await cast.member.rpc.changeSets.apply({ ...acme, changeSetId: created.id })
    expect(result.applied).toBe(2)
  })
})

describe('changeSets.undo', () => {
  it('gives each page its metadata from before, leaves a page edited since alone, and can not run twice', async () => {
    const cast = await siteCast(server.current)
    const pages = await pagesWithTitles(cast, 3)
    const set = await cast.member.rpc.changeSets.fromOperation({
      ...acme,
      target: { filter: { pathPrefix: '/p/' } },
      operation: {
        kind: 'replace',
        field: 'description',
        find: ' - Acme',
        replace: '',
        regex: false,
        caseSensitive: true,
      },
      note: 'Drop the suffix',
    })
    expect(set).toMatchObject({ matchedPages: 3, changedPages: 3 })
    await cast.member.rpc.changeSets.apply({ ...acme, changeSetId: set.id! })
    const third = pages[2]!
    const afterSet = await cast.owner.rpc.pages.get({ ...acme, pagePath: third.path })
    expect(afterSet.revision?.metadata).toEqual({ title: 'Page 3', description: 'About page 3' })
    const edited = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: third.path,
      baseRevisionId: afterSet.page.currentRevisionId,
      metadata: { title: 'Kept' },
    })

    const undo = await cast.admin.rpc.changeSets.undo({ ...acme, changeSetId: set.id! })
    expect(undo).toMatchObject({
      applied: 2,
      created: 0,
      unchanged: 0,
      conflicts: [{ path: third.path, currentRevisionId: edited.id }],
    })
    for (const p of pages.slice(0, 2)) {
      const got = await cast.owner.rpc.pages.get({ ...acme, pagePath: p.path })
      expect(got.revision?.metadata.description).toMatch(/ - Acme$/)
      expect(got.revision?.changeSet).toEqual({ id: undo.id, note: 'Undo of “Drop the suffix”' })
    }
    expect(await currentTitle(third.id)).toBe('Kept')
    const list = await cast.member.rpc.changeSets.list(acme)
    expect(list.items.map((item) => [item.source, item.undoesId, item.undoneById])).toEqual([
      ['undo', set.id, null],
      ['bulk', null, undo.id],
    ])
    await expect(
      cast.admin.rpc.changeSets.undo({ ...acme, changeSetId: set.id! }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already undone'),
    })
  })
})

describe('changeSets and webhooks', () => {
  it('queues one message per changed path for a few paths', async () => {
    const cast = await siteCast(server.current)
    const { headmark } = server.current
    await headmark.webhooks.pause()
    const hook = await insertWebhook(headmark, cast.site.id, 'http://localhost:9/hook')
    const pages = await pagesWithTitles(cast, 3)
    const before = (await queuedMessages(cast.site.id)).length
    const set = await cast.member.rpc.changeSets.fromOperation({
      ...acme,
      target: { paths: pages.map((p) => p.path) },
      operation: { kind: 'set', field: 'openGraph.title', value: 'Shared' },
    })
    await cast.member.rpc.changeSets.apply({ ...acme, changeSetId: set.id! })
    const messages = (await queuedMessages(cast.site.id)).slice(before)
    expect(messages.map((m) => (m.payload as { path: string }).path).sort()).toEqual(
      pages.map((p) => p.path),
    )
    expect(messages[0]?.payload).toMatchObject({
      _type: 'metadata_update',
      metadata: { openGraph: { title: 'Shared' } },
      site: { hostname: 'acme.com' },
    })
    const deliveries = await headmark.db.execute(
      sql`select count(*)::int as n from webhook_delivery where webhook_id = ${hook.id}`,
    )
    const rows = Array.isArray(deliveries) ? deliveries : (deliveries as { rows: unknown[] }).rows
    expect(Number((rows[0] as { n: number }).n)).toBe(before + 3)
  })

  it(`queues ONE path: null message above ${COALESCE_THRESHOLD} paths, with the defaults’ revision`, async () => {
    const cast = await siteCast(server.current)
    const { headmark } = server.current
    await headmark.webhooks.pause()
    const defaults = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: null,
      baseRevisionId: null,
      metadata: { description: 'Acme makes rockets' },
    })
    await insertWebhook(headmark, cast.site.id, 'http://localhost:9/hook')
    await seedPages(cast, COALESCE_THRESHOLD + 1)
    const before = (await queuedMessages(cast.site.id)).length
    const set = await cast.member.rpc.changeSets.fromOperation({
      ...acme,
      target: { filter: { pathPrefix: '/bulk/' } },
      operation: {
        kind: 'replace',
        field: 'title',
        find: 'Seeded',
        replace: 'Rocket',
        regex: false,
        caseSensitive: true,
      },
    })
    expect(set.changedPages).toBe(COALESCE_THRESHOLD + 1)
    const result = await cast.member.rpc.changeSets.apply({ ...acme, changeSetId: set.id! })
    expect(result.applied).toBe(COALESCE_THRESHOLD + 1)
    const messages = (await queuedMessages(cast.site.id)).slice(before)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.payload).toMatchObject({
      _type: 'metadata_update',
      path: null,
      metadataRevisionId: defaults.id,
      metadata: { description: 'Acme makes rockets' },
    })
  })
})

describe('operations', () => {
  it('previews the live count and samples, and refuses unreadable or dangerous patterns with 400', async () => {
    const cast = await siteCast(server.current)
    await pagesWithTitles(cast, 3)
    const preview = await cast.member.rpc.changeSets.previewOperation({
      ...acme,
      target: { filter: { glob: '/p/00[12]' } },
      operation: {
        kind: 'replace',
        field: 'all',
        find: 'page (\\d)',
        replace: 'P$1',
        regex: true,
        caseSensitive: false,
      },
    })
    expect(preview).toEqual({
      matchedPages: 2,
      changedPages: 2,
      sample: [
        { path: '/p/001', field: 'title', before: 'Page 1', after: 'P1' },
        {
          path: '/p/001',
          field: 'description',
          before: 'About page 1 - Acme',
          after: 'About P1 - Acme',
        },
        { path: '/p/002', field: 'title', before: 'Page 2', after: 'P2' },
        {
          path: '/p/002',
          field: 'description',
          before: 'About page 2 - Acme',
          after: 'About P2 - Acme',
        },
      ],
    })
    for (const find of ['(a+)+$', '(x|xx)*y', '(', '\\1(a)', 'a*b*c*d']) {
      await expect(
        cast.member.rpc.changeSets.previewOperation({
          ...acme,
          target: { filter: {} },
          operation: {
            kind: 'replace',
            field: 'title',
            find,
            replace: '',
            regex: true,
            caseSensitive: true,
          },
        }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        data: { issues: [{ path: ['operation', 'find'] }] },
      })
    }
    // A set that would break a field's rule names the page and stores nothing.
    await expect(
      cast.member.rpc.changeSets.fromOperation({
        ...acme,
        target: { filter: {} },
        operation: { kind: 'set', field: 'canonical', value: 'relative/url' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', data: { edits: expect.any(Array) } })
    expect(await server.current.headmark.db.select().from(changeSet)).toEqual([])
  })

  it('takes every hostile text as a value, a search and a note without a 500', async () => {
    const cast = await siteCast(server.current)
    await pagesWithTitles(cast, 1)
    for (const text of hostileTexts()) {
      const refusedAtEdge = edgeRefusal(text)
      const calls = [
        () =>
          cast.member.rpc.changeSets.fromOperation({
            ...acme,
            target: { filter: {} },
            operation: { kind: 'set', field: 'description', value: text },
            note: text,
          }),
        () =>
          cast.member.rpc.changeSets.previewOperation({
            ...acme,
            target: { filter: { glob: text.slice(0, 512), pathPrefix: text.slice(0, 2048) } },
            operation: {
              kind: 'replace',
              field: 'all',
              find: text.slice(0, 200) || 'x',
              replace: text,
              regex: true,
              caseSensitive: false,
            },
          }),
        // As plain text, every string is a search: never refused for its characters.
        () =>
          cast.member.rpc.changeSets.previewOperation({
            ...acme,
            target: { filter: {} },
            operation: {
              kind: 'replace',
              field: 'all',
              find: text.slice(0, 200) || 'x',
              replace: text.slice(0, 4096),
              regex: false,
              caseSensitive: true,
            },
          }),
      ]
      for (const [index, call] of calls.entries()) {
        try {
          await call()
        } catch (error) {
          const code = (error as { code?: string }).code
          if (refusedAtEdge) expect(code).toBe(refusedAtEdge.code)
          else if (index === 2) throw error
          else expect(['BAD_REQUEST', 'PAYLOAD_TOO_LARGE']).toContain(code)
        }
      }
    }
    // Notes are stored as written (trimmed, at most 1,000 characters).
    const sets = await cast.member.rpc.changeSets.list({ ...acme, limit: 100 })
    for (const item of sets.items) expect((item.note ?? '').length).toBeLessThanOrEqual(1000)
  })
})

describe('bulkPages.list', () => {
  it('lists own metadata, lint counts and totals, filtered in SQL and by glob, by path or last change', async () => {
    const cast = await siteCast(server.current)
    const pages = await pagesWithTitles(cast, 3)
    await cast.owner.rpc.pages.create({ ...acme, path: '/blog/a/post' })
    const all = await cast.member.rpc.bulkPages.list({ ...acme, limit: 2 })
    expect(all.total).toBe(4)
    expect(all.items.map((item) => item.path)).toEqual(['/blog/a/post', '/p/001'])
    expect(all.items[1]).toMatchObject({
      id: pages[0]!.id,
      currentRevisionId: pages[0]!.revisionId,
      metadata: { title: 'Page 1', description: 'About page 1 - Acme' },
      lastChangedBy: { name: 'Olive Owner' },
      lint: { errors: expect.any(Number), warnings: expect.any(Number) },
    })
    const next = await cast.member.rpc.bulkPages.list({
      ...acme,
      limit: 2,
      cursor: all.nextCursor!,
    })
    expect(next.items.map((item) => item.path)).toEqual(['/p/002', '/p/003'])
    expect(next.nextCursor).toBeNull()

    const missing = await cast.member.rpc.bulkPages.list({
      ...acme,
      filter: { missing: 'description' },
    })
    expect(missing.items.map((item) => item.path)).toEqual(['/blog/a/post'])
    expect(missing.total).toBe(1)
    const glob = await cast.member.rpc.bulkPages.list({ ...acme, filter: { glob: '/blog/**' } })
    expect(glob.items.map((item) => item.path)).toEqual(['/blog/a/post'])
    const oneSegment = await cast.member.rpc.bulkPages.list({
      ...acme,
      filter: { glob: '/blog/*' },
    })
    expect(oneSegment.total).toBe(0)
    const lintErrors = await cast.member.rpc.bulkPages.list({
      ...acme,
      filter: { lint: 'warning' },
    })
    expect(lintErrors.total).toBe(lintErrors.items.length)
    expect(lintErrors.items.every((item) => item.lint.warnings > 0)).toBe(true)

    await cast.admin.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/p/002',
      baseRevisionId: pages[1]!.revisionId,
      metadata: { title: 'Hidden', noindex: true },
    })
    const recent = await cast.member.rpc.bulkPages.list({ ...acme, sort: 'changed', limit: 1 })
    expect(recent.items.map((item) => item.path)).toEqual(['/p/002'])
    const older = await cast.member.rpc.bulkPages.list({
      ...acme,
      sort: 'changed',
      limit: 10,
      cursor: recent.nextCursor!,
    })
    expect(older.items).toHaveLength(3)
    expect(older.items.map((item) => item.path)).not.toContain('/p/002')
    const noindex = await cast.member.rpc.bulkPages.list({ ...acme, filter: { noindex: true } })
    expect(noindex.items.map((item) => item.path)).toEqual(['/p/002'])
    const byAdmin = await cast.member.rpc.bulkPages.list({
      ...acme,
      filter: { authorId: noindex.items[0]!.lastChangedBy!.id },
    })
    expect(byAdmin.total).toBe(1)
  })

  it('filters by what pages serve with their path rules: a rule’s description is not missing, its noindex counts', async () => {
    const cast = await siteCast(server.current)
    await pagesWithTitles(cast, 1)
    await cast.owner.rpc.pages.create({ ...acme, path: '/blog/a' })
    await cast.owner.rpc.pages.create({ ...acme, path: '/news' })
    const before = await cast.member.rpc.bulkPages.list({
      ...acme,
      filter: { missing: 'description' },
    })
    expect(before.items.map((item) => item.path)).toEqual(['/blog/a', '/news'])
    await cast.owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/*',
      metadata: { description: 'From the blog rule', noindex: true },
    })
    const after = await cast.member.rpc.bulkPages.list({
      ...acme,
      filter: { missing: 'description' },
    })
    expect(after.items.map((item) => item.path)).toEqual(['/news'])
    expect(after.total).toBe(1)
    const hidden = await cast.member.rpc.bulkPages.list({ ...acme, filter: { noindex: true } })
    expect(hidden.items.map((item) => item.path)).toEqual(['/blog/a'])
    expect(hidden.total).toBe(1)
    const shown = await cast.member.rpc.bulkPages.list({ ...acme, filter: { noindex: false } })
    expect(shown.items.map((item) => item.path)).toEqual(['/news', '/p/001'])
  })
})
