import { normalizePath } from '@headmark/metadata'
import { beforeEach, describe, expect, it } from 'vitest'
import { edgeRefusal, hostileLengths, hostileTexts, readCorpus } from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'

const server = useTestServer()

const changed: string[] = []
let listening = false
beforeEach(() => {
  if (!listening) {
    server.current.headmark.events.onSiteChanged((siteId) => changed.push(siteId))
    listening = true
  }
})

async function cast() {
  const result = await siteCast(server.current)
  changed.length = 0
  return result
}

const site = { organizationSlug: 'acme', siteHostname: 'acme.com' }

describe('pages.create and pages.get', () => {
  it('normalises every path of the corpus the way the public API does, or refuses it', async () => {
    const { owner } = await cast()
    const { inputs } = readCorpus<{ inputs: string[] }>('page-paths')
    const created = new Set<string>()
    for (const input of inputs) {
      const expected = input.startsWith('https://acme.com')
        ? normalizePath(new URL(input).pathname)
        : normalizePath(input)
      const attempt = owner.rpc.pages.create({ ...site, path: input })
      if (!expected.ok) {
        await expect(attempt, input).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          status: 400,
          message: expect.stringContaining('malformed % escape'),
          data: { issues: [{ path: ['path'] }] },
        })
        continue
      }
      if (created.has(expected.path)) {
        // The same page spelled another way: CONFLICT, with the message on the field.
        await expect(attempt, input).rejects.toMatchObject({
          code: 'CONFLICT',
          status: 409,
          message: expect.stringContaining('already has a page'),
          data: { issues: [{ path: ['path'] }] },
        })
      } else {
        expect((await attempt).path, input).toBe(expected.path)
        created.add(expected.path)
      }
      // Whatever spelling is asked for, get finds the stored page.
      const got = await owner.rpc.pages.get({ ...site, pagePath: input })
      expect(got.page.path, input).toBe(expected.path)
    }
    expect(created.has('/pricing')).toBe(true)
    expect(created.has('/café')).toBe(true)
  })

  it('answers BAD_REQUEST with a message for a malformed escape in pages.get', async () => {
    const { member } = await cast()
    await expect(member.rpc.pages.get({ ...site, pagePath: '/%E0%A4%A' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: expect.stringContaining('malformed % escape'),
    })
  })

  it('stores hostile paths as normalised text and finds them again', async () => {
    const { member } = await cast()
    for (const text of hostileTexts()) {
      const expected = normalizePath(`/${text}`)
      const attempt = member.rpc.pages.create({ ...site, path: `/${text}` })
      const refused = edgeRefusal(text)
      if (refused) {
        await expect(attempt, text).rejects.toMatchObject(refused)
        continue
      }
      if (!expected.ok) {
        await expect(attempt, text).rejects.toMatchObject({ code: 'BAD_REQUEST' })
        continue
      }
      const created = await attempt.catch((error: unknown) => error)
      if ((created as { code?: string }).code === 'CONFLICT') continue
      expect((created as { path: string }).path, text).toBe(expected.path)
      const got = await member.rpc.pages.get({ ...site, pagePath: expected.path })
      expect(got.page.path).toBe(expected.path)
    }
  })

  it('accepts a 2500-byte path and refuses longer ones with a message', async () => {
    const { owner } = await cast()
    // Hard to compress: the database must index it as it is.
    const long = `/${Array.from({ length: 833 }, (_, i) => `${i % 10}é`).join('')}`
    expect(Buffer.byteLength(long)).toBe(2500)
    expect((await owner.rpc.pages.create({ ...site, path: long })).path).toBe(long)
    for (const length of hostileLengths()) {
      const path = `/${'a'.repeat(length)}`
      if (length < 2500) {
        expect((await owner.rpc.pages.create({ ...site, path })).path).toBe(path)
        continue
      }
      const refused = edgeRefusal(path)
      if (refused) {
        await expect(owner.rpc.pages.create({ ...site, path })).rejects.toMatchObject(refused)
        continue
      }
      await expect(owner.rpc.pages.create({ ...site, path })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('at most 2500 bytes'),
        data: { issues: [{ path: ['path'] }] },
      })
    }
  })

  it('refuses the address of another host', async () => {
    const { owner } = await cast()
    await expect(
      owner.rpc.pages.create({ ...site, path: 'https://globex.com/secret' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('not on acme.com'),
    })
  })

  it('returns the page, its revision, the defaults and what the path serves', async () => {
    const { owner, member } = await cast()
    await owner.rpc.sites.update({ ...site, titleTemplate: '%s · Acme' })
    const defaults = await owner.rpc.metadataRevisions.save({
      ...site,
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Acme', description: 'Rockets', openGraph: { siteName: 'Acme' } },
    })
    await member.rpc.pages.create({ ...site, path: '/pricing' })
    const own = await member.rpc.metadataRevisions.save({
      ...site,
      pagePath: '/pricing',
      baseRevisionId: null,
      metadata: { title: 'Pricing', openGraph: { title: 'Plans' } },
    })
    member.rpcRequests.length = 0
    const got = await member.rpc.pages.get({ ...site, pagePath: '/pricing/' })
    expect(member.rpcRequests).toEqual(['GET /api/rpc/pages/get'])
    expect(got).toMatchObject({
      site: { hostname: 'acme.com', pageCount: 1, titleTemplate: '%s · Acme' },
      page: { path: '/pricing', currentRevisionId: own.id },
      revision: { id: own.id, number: 1, metadata: { title: 'Pricing' } },
      defaults: defaults.metadata,
    })
    expect(got.served).toEqual({
      title: 'Pricing · Acme',
      description: 'Rockets',
      openGraph: { siteName: 'Acme', title: 'Plans' },
    })
    const root = await member.rpc.pages.get({ ...site, pagePath: null })
    expect(root).toMatchObject({
      page: { path: null, currentRevisionId: defaults.id },
      revision: { id: defaults.id },
      defaults: defaults.metadata,
      served: { title: 'Acme', description: 'Rockets' },
    })
  })

  it('answers NOT_FOUND for a page that does not exist', async () => {
    const { member } = await cast()
    await expect(member.rpc.pages.get({ ...site, pagePath: '/nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('There is no page “/nope”'),
    })
  })
})

describe('pages.list', () => {
  it('pages through the site by path in byte order, 50 at a time by default', async () => {
    const { owner, member } = await cast()
    const { db } = server.current.headmark
    const { page } = await import('../db/schema.ts')
    const siteRow = await owner.rpc.sites.get(site)
    const paths = Array.from({ length: 120 }, (_, i) => `/p/${String(i).padStart(3, '0')}`)
    paths.push('/B', '/a', '/Z', '/é', '/~', '/ä')
    await db
      .insert(page)
      .values(paths.map((path, i) => ({ id: `page-${i}`, siteId: siteRow.id, path })))
    const seen: string[] = []
    let cursor: string | undefined
    let calls = 0
    do {
      const result = await member.rpc.pages.list({ ...site, cursor })
      expect(result.items.length).toBeLessThanOrEqual(50)
      seen.push(...result.items.map((item) => item.path))
      cursor = result.nextCursor ?? undefined
      calls += 1
    } while (cursor !== undefined)
    expect(calls).toBe(3)
    const byteOrder = [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    expect(seen).toEqual(byteOrder)
    expect(seen.slice(0, 3)).toEqual(['/B', '/Z', '/a'])
    expect(seen.slice(-3)).toEqual(['/~', '/ä', '/é'])
    expect(member.rpcRequests.at(-1)).toBe('GET /api/rpc/pages/list')

    const small = await member.rpc.pages.list({ ...site, limit: 2, cursor: '/p/118' })
    expect(small).toEqual({
      items: [expect.objectContaining({ path: '/p/119' }), expect.objectContaining({ path: '/~' })],
      nextCursor: '/~',
    })
  })

  it('searches paths case-insensitively, as text (no wildcards)', async () => {
    const { owner, member } = await cast()
    for (const path of ['/Blog/Hello', '/blog/world', '/shop', '/50%25_off', '/5000_off']) {
      await owner.rpc.pages.create({ ...site, path })
    }
    const search = async (text: string) =>
      (await member.rpc.pages.list({ ...site, search: text })).items.map((item) => item.path)
    expect(await search('BLOG')).toEqual(['/Blog/Hello', '/blog/world'])
    // As SQL LIKE patterns, 0_ and % would match more.
    expect(await search('0_')).toEqual(['/5000_off'])
    expect(await search('%')).toEqual(['/50%25_off'])
    expect(await search('nothing')).toEqual([])
  })

  it('shows each page’s last change, author and revision count, not the defaults', async () => {
    const { owner, member } = await cast()
    await owner.rpc.pages.create({ ...site, path: '/a' })
    await owner.rpc.pages.create({ ...site, path: '/b' })
    await owner.rpc.metadataRevisions.save({
      ...site,
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Defaults' },
    })
    const first = await owner.rpc.metadataRevisions.save({
      ...site,
      pagePath: '/a',
      baseRevisionId: null,
      metadata: { title: 'A' },
    })
    const second = await member.rpc.metadataRevisions.save({
      ...site,
      pagePath: '/a',
      baseRevisionId: first.id,
      metadata: { title: 'A2' },
    })
    const { items, nextCursor } = await member.rpc.pages.list(site)
    expect(nextCursor).toBeNull()
    expect(items).toEqual([
      {
        id: expect.any(String),
        path: '/a',
        currentRevisionId: second.id,
        lastChangedAt: second.createdAt,
        lastChangedBy: { id: expect.any(String), name: 'member person' },
        revisionCount: 2,
      },
      {
        id: expect.any(String),
        path: '/b',
        currentRevisionId: null,
        lastChangedAt: null,
        lastChangedBy: null,
        revisionCount: 0,
      },
    ])
  })

  it('refuses a limit outside 1..100', async () => {
    const { member } = await cast()
    for (const limit of [0, 101, 1.5]) {
      await expect(member.rpc.pages.list({ ...site, limit })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        data: { issues: [expect.objectContaining({ path: ['limit'] })] },
      })
    }
  })
})

describe('pages.updatePath and pages.delete', () => {
  it('moves a page with its history, and refuses a taken path', async () => {
    const { owner, member, site: acme } = await cast()
    await member.rpc.pages.create({ ...site, path: '/old' })
    await member.rpc.pages.create({ ...site, path: '/taken' })
    const saved = await member.rpc.metadataRevisions.save({
      ...site,
      pagePath: '/old',
      baseRevisionId: null,
      metadata: { title: 'Old' },
    })
    changed.length = 0
    const moved = await member.rpc.pages.updatePath({ ...site, pagePath: '/old', path: 'new/' })
    expect(moved).toMatchObject({ path: '/new', currentRevisionId: saved.id, revisionCount: 1 })
    expect(changed).toEqual([acme.id])
    await expect(member.rpc.pages.get({ ...site, pagePath: '/old' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(
      owner.rpc.pages.updatePath({ ...site, pagePath: '/new', path: '/taken' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      data: { issues: [{ path: ['path'] }] },
    })
    await expect(
      owner.rpc.pages.updatePath({ ...site, pagePath: '/new', path: '/%zz' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', data: { issues: [{ path: ['path'] }] } })
    // The same path is no change.
    expect(
      await owner.rpc.pages.updatePath({ ...site, pagePath: '/new', path: '/new/' }),
    ).toMatchObject({ path: '/new' })
  })

  it('deletes a page and its history', async () => {
    const { member, site: acme } = await cast()
    await member.rpc.pages.create({ ...site, path: '/gone' })
    changed.length = 0
    expect(await member.rpc.pages.delete({ ...site, pagePath: '/gone' })).toEqual({ ok: true })
    expect(changed).toEqual([acme.id])
    await expect(member.rpc.pages.get({ ...site, pagePath: '/gone' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(member.rpc.pages.delete({ ...site, pagePath: '/gone' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('keeps the defaults page: it can not be renamed or deleted', async () => {
    const { owner } = await cast()
    await expect(
      owner.rpc.pages.updatePath({ ...site, pagePath: null, path: '/x' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('defaults can not be renamed'),
    })
    await expect(owner.rpc.pages.delete({ ...site, pagePath: null })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('defaults can not be deleted'),
    })
  })
})
