import type { Metadata } from '@headmark/metadata'
import { asc, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  EDGE_BODY_LIMIT,
  hostileLengths,
  hostileTexts,
  readCorpus,
  type HostileStrings,
} from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { metadataRevision, page } from '../db/schema.ts'
import type { RevisionSavedEvent } from '../domain/events.ts'

const server = useTestServer()

const changed: string[] = []
const saved: RevisionSavedEvent[] = []
let failNextSave = false
let listening = false
beforeEach(() => {
  failNextSave = false
  if (listening) return
  listening = true
  const { events } = server.current.headmark
  events.onSiteChanged((siteId) => changed.push(siteId))
  events.onRevisionSaved(async (tx, event) => {
    // Runs inside the save's transaction: it sees the page pointer already moved.
    const [row] = await tx
      .select({ current: page.currentRevisionId })
      .from(page)
      .where(eq(page.id, event.page.id))
    expect(row?.current).toBe(event.revision.id)
    saved.push(event)
    if (failNextSave) throw new Error('A listener failed.')
  })
})

async function cast() {
  const result = await siteCast(server.current)
  changed.length = 0
  saved.length = 0
  return result
}

interface PageRef {
  organizationSlug: string
  siteHostname: string
  pagePath: string | null
}

const home = { organizationSlug: 'acme', siteHostname: 'acme.com', pagePath: '/' }

function save(
  visitor: Visitor,
  baseRevisionId: string | null,
  metadata: Metadata,
  at: PageRef = home,
) {
  return visitor.rpc.metadataRevisions.save({ ...at, baseRevisionId, metadata })
}

async function castWithHome() {
  const result = await cast()
  await result.owner.rpc.pages.create({ ...home, path: '/' })
  return result
}

async function revisionNumbers(pageId: string): Promise<number[]> {
  const rows = await server.current.headmark.db
    .select({ number: metadataRevision.number })
    .from(metadataRevision)
    .where(eq(metadataRevision.pageId, pageId))
    .orderBy(asc(metadataRevision.number))
  return rows.map((row) => row.number)
}

const image = { url: 'https://acme.com/og.png', width: 1200, height: 630, mimeType: 'image/png' }

describe('metadataRevisions.save', () => {
  it('writes revision 1, 2… compacted, with its author, and announces it', async () => {
    const { member, site } = await castWithHome()
    const first = await save(member, null, { title: 'Home', description: '', openGraph: {} })
    expect(first).toEqual({
      id: expect.any(String),
      number: 1,
      metadata: { title: 'Home' },
      source: 'editor',
      author: { id: expect.any(String), name: 'member person' },
      restoredFrom: null,
      changeSet: null,
      createdAt: expect.any(Date),
    })
    const second = await save(member, first.id, { title: 'Home 2' })
    expect(second.number).toBe(2)
    expect(changed).toEqual([site.id, site.id])
    expect(saved.map((event) => [event.page.path, event.revision.number, event.served])).toEqual([
      ['/', 1, { title: 'Home' }],
      ['/', 2, { title: 'Home 2' }],
    ])
    expect(saved[0]?.site).toEqual({
      id: site.id,
      organizationId: expect.any(String),
      hostname: 'acme.com',
      dsn: site.dsn,
    })
  })

  it('answers CONFLICT with the current revision when the base is stale, writing nothing', async () => {
    const { owner, member } = await castWithHome()
    const first = await save(owner, null, { title: 'One' })
    const second = await save(owner, first.id, { title: 'Two' })
    for (const stale of [null, first.id, 'no-such-revision']) {
      await expect(save(member, stale, { title: 'Mine' })).rejects.toMatchObject({
        code: 'CONFLICT',
        status: 409,
        message: expect.stringContaining('Someone saved this page after you opened it'),
        data: { currentRevisionId: second.id },
      })
    }
    const got = await member.rpc.pages.get(home)
    expect(got.revision).toMatchObject({ id: second.id, metadata: { title: 'Two' } })
    expect(await revisionNumbers(got.page.id)).toEqual([1, 2])
  })

  it.each<[string, Metadata, (string | number)[], string]>([
    ['a relative URL', { openGraph: { url: 'acme.com' } }, ['openGraph', 'url'], 'full URL'],
    [
      'a zero width',
      { openGraph: { image: { ...image, width: 0 } } },
      ['openGraph', 'image', 'width'],
      'at least 1',
    ],
    [
      'a fractional height',
      { twitter: { image: { ...image, height: 1.5 } } },
      ['twitter', 'image', 'height'],
      'whole pixels',
    ],
    [
      'an unknown og:type',
      { openGraph: { type: 'blog' as 'website' } },
      ['openGraph', 'type'],
      'Choose one of',
    ],
    [
      'an unknown card',
      { twitter: { card: 'player' as 'summary' } },
      ['twitter', 'card'],
      'Choose one of',
    ],
    [
      'an unknown determiner',
      { openGraph: { determiner: 'some' as 'a' } },
      ['openGraph', 'determiner'],
      'Choose one of',
    ],
    [
      'a reserved tag name',
      { customTags: [{ name: 'og:title', content: 'x' }] },
      ['customTags', 0, 'name'],
      'other tabs',
    ],
    [
      'a duplicate tag name',
      {
        customTags: [
          { name: 'a', content: '1' },
          { name: 'A', content: '2' },
        ],
      },
      ['customTags', 1, 'name'],
      'more than one tag',
    ],
    ['a title of 1 KiB', { title: 'a'.repeat(1024) }, ['title'], 'at most 512 characters'],
  ])('refuses %s with a message on the field', async (_, metadata, path, message) => {
    const { member } = await castWithHome()
    await expect(save(member, null, metadata)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: expect.stringContaining(message),
      data: {
        issues: [
          expect.objectContaining({
            path: ['metadata', ...path],
            message: expect.stringContaining(message),
          }),
        ],
      },
    })
  })

  it('keeps canonical, robots, language versions and structured data through save, history and what is served', async () => {
    const { member, owner } = await castWithHome()
    await save(
      owner,
      null,
      { jsonLd: [{ '@type': 'Organization', name: 'Acme' }] },
      {
        ...home,
        pagePath: null,
      },
    )
    const metadata: Metadata = {
      title: 'Home',
      canonical: 'https://acme.com/',
      robots: { nofollow: true, maxImagePreview: 'large', maxSnippet: 0 },
      alternates: {
        en: 'https://acme.com/',
        de: 'https://acme.com/de/',
        'x-default': 'https://acme.com/',
      },
      jsonLd: [{ '@type': 'WebPage', name: '</script><script>alert(1)</script>', about: '' }],
    }
    const revision = await save(member, null, metadata)
    expect(revision.metadata).toEqual(metadata)
    const got = await member.rpc.metadataRevisions.get({ ...home, metadataRevisionId: revision.id })
    expect(got.metadata).toEqual(metadata)
    const { served } = await member.rpc.pages.get(home)
    expect(served).toEqual({
      ...metadata,
      jsonLd: [{ '@type': 'Organization', name: 'Acme' }, ...(metadata.jsonLd ?? [])],
    })
    expect(saved.at(-1)?.served).toEqual(served)
  })

  it('refuses a canonical URL or language versions in the site’s defaults, naming the field', async () => {
    const { owner } = await castWithHome()
    const defaults = { ...home, pagePath: null }
    await expect(
      save(owner, null, { title: 'Acme', canonical: 'https://acme.com/' }, defaults),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('not in the site’s defaults'),
      data: { issues: [expect.objectContaining({ path: ['metadata', 'canonical'] })] },
    })
    const got = await owner.rpc.pages.get(defaults)
    expect(got.revision).toBeNull()
  })

  it('refuses unknown fields and objects over 64 KiB (PAYLOAD_TOO_LARGE)', async () => {
    const { member } = await castWithHome()
    await expect(save(member, null, { colour: 'red' } as Metadata)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { issues: [expect.objectContaining({ path: ['metadata'] })] },
    })
    // Every field is within its own limit; the whole is not.
    const customTags = Array.from({ length: 20 }, (_, i) => ({
      name: `tag-${i}`,
      content: 'x'.repeat(4000),
    }))
    for (const metadata of [
      { customTags },
      { title: 'a'.repeat(65_536) },
      { title: 'a'.repeat(1_048_576) },
    ]) {
      await expect(save(member, null, metadata)).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        status: 413,
        // Past the server's body limit the edge refuses it before the procedure measures it.
        message: expect.stringContaining(
          JSON.stringify(metadata).length >= EDGE_BODY_LIMIT ? 'larger than' : 'at most 64 KiB',
        ),
      })
    }
    expect(saved).toEqual([])
  })

  it('stores hostile text in every text field exactly, and refuses NUL and hostile URLs', async () => {
    const { member } = await castWithHome()
    let base: string | null = null
    for (const text of hostileTexts()) {
      const metadata: Metadata = {
        title: text,
        description: text,
        openGraph: {
          title: text,
          description: text,
          siteName: text,
          image: { ...image, alt: text },
        },
        twitter: { title: text, description: text, image: { ...image, alt: text } },
        customTags: [{ name: 'x-hostile', content: text }],
      }
      if (text.includes('\u0000')) {
        await expect(save(member, base, metadata)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
        continue
      }
      const revision = await save(member, base, metadata)
      base = revision.id
      expect(revision.metadata).toEqual(metadata)
      const got = await member.rpc.metadataRevisions.get({
        ...home,
        metadataRevisionId: revision.id,
      })
      expect(got.metadata).toEqual(metadata)
      expect((await member.rpc.pages.get(home)).served).toEqual(metadata)
    }
    const { urls } = readCorpus<HostileStrings>('hostile-strings')
    for (const url of urls.filter((value) => !value.startsWith('http://'))) {
      await expect(save(member, base, { openGraph: { url } })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        data: { issues: [expect.objectContaining({ path: ['metadata', 'openGraph', 'url'] })] },
      })
    }
    for (const length of hostileLengths()) {
      const metadata = { description: 'a'.repeat(length) }
      if (length <= 4096) {
        base = (await save(member, base, metadata)).id
        expect((await member.rpc.pages.get(home)).revision?.metadata).toEqual(metadata)
      } else {
        await expect(save(member, base, metadata)).rejects.toMatchObject({ status: 413 })
      }
    }
  })

  it('rolls back the revision when a listener inside the transaction fails', async () => {
    const { member } = await castWithHome()
    const first = await save(member, null, { title: 'Kept' })
    changed.length = 0
    failNextSave = true
    await expect(save(member, first.id, { title: 'Lost' })).rejects.toMatchObject({
      status: 500,
    })
    const got = await member.rpc.pages.get(home)
    expect(got.revision).toMatchObject({ id: first.id, metadata: { title: 'Kept' } })
    expect(await revisionNumbers(got.page.id)).toEqual([1])
    expect(changed).toEqual([])
  })

  it('serves defaults + page with the title template in the event of a page save', async () => {
    const { owner, member } = await castWithHome()
    await owner.rpc.sites.update({ ...home, titleTemplate: '%s | Acme' })
    await save(owner, null, { title: 'Acme', description: 'Default' }, { ...home, pagePath: null })
    await save(member, null, { title: 'Home' })
    expect(saved.map((event) => [event.page.path, event.served])).toEqual([
      [null, { title: 'Acme', description: 'Default' }],
      ['/', { title: 'Home | Acme', description: 'Default' }],
    ])
  })
})

describe('saving concurrently', () => {
  it('lets exactly one of several saves from the same base win', async () => {
    const { owner, admin, member } = await castWithHome()
    const base = await save(owner, null, { title: 'Base' })
    const racers = [owner, admin, member, owner, admin, member]
    const results = await Promise.allSettled(
      racers.map((visitor, i) => save(visitor, base.id, { title: `Racer ${i}` })),
    )
    const won = results.filter((result) => result.status === 'fulfilled')
    const lost = results.filter((result) => result.status === 'rejected')
    expect(won).toHaveLength(1)
    const winner = (won[0] as PromiseFulfilledResult<{ id: string; number: number }>).value
    expect(winner.number).toBe(2)
    for (const result of lost) {
      expect(result.reason).toMatchObject({
        code: 'CONFLICT',
        data: { currentRevisionId: winner.id },
      })
    }
    const got = await owner.rpc.pages.get(home)
    expect(got.page.currentRevisionId).toBe(winner.id)
    expect(await revisionNumbers(got.page.id)).toEqual([1, 2])
  })

  it('numbers revisions 1..n without gaps or duplicates when writers keep retrying', async () => {
    const { owner, admin, member } = await castWithHome()
    const writers = [owner, admin, member, owner]
    const perWriter = 5
    let current: string | null = null
    await Promise.all(
      writers.map(async (visitor, w) => {
        for (let n = 0; n < perWriter; n++) {
          for (;;) {
            try {
              const revision = await save(visitor, current, { title: `Writer ${w}, save ${n}` })
              current = revision.id
              break
            } catch (error) {
              const data = error as { code?: string; data?: { currentRevisionId: string } }
              if (data.code !== 'CONFLICT') throw error
              current = data.data?.currentRevisionId ?? null
            }
          }
        }
      }),
    )
    const total = writers.length * perWriter
    const got = await owner.rpc.pages.get(home)
    expect(await revisionNumbers(got.page.id)).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    )
    expect(got.revision?.number).toBe(total)
    expect(saved.map((event) => event.revision.number)).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    )
  })
})

describe('metadataRevisions.list, get and restore', () => {
  it('lists the history newest first, 50 at a time', async () => {
    const { member } = await castWithHome()
    let base: string | null = null
    for (let i = 1; i <= 55; i++) base = (await save(member, base, { title: `v${i}` })).id
    const first = await member.rpc.metadataRevisions.list(home)
    expect(first.items).toHaveLength(50)
    expect(first.items[0]).toEqual({
      id: base,
      number: 55,
      source: 'editor',
      author: { id: expect.any(String), name: 'member person' },
      restoredFrom: null,
      changeSet: null,
      createdAt: expect.any(Date),
    })
    expect(first.items[0]).not.toHaveProperty('metadata')
    expect(first.nextCursor).toBe('6')
    const second = await member.rpc.metadataRevisions.list({
      ...home,
      cursor: first.nextCursor ?? '',
    })
    expect(second.items.map((item) => item.number)).toEqual([5, 4, 3, 2, 1])
    expect(second.nextCursor).toBeNull()
    expect(member.rpcRequests.at(-1)).toBe('GET /api/rpc/metadataRevisions/list')
    await expect(member.rpc.metadataRevisions.list({ ...home, cursor: 'x' })).rejects.toMatchObject(
      { code: 'BAD_REQUEST', message: expect.stringContaining('cursor') },
    )
  })

  it('gets one revision of the page, and only of that page', async () => {
    const { member } = await castWithHome()
    await member.rpc.pages.create({ ...home, path: '/other' })
    const own = await save(member, null, { title: 'Home' })
    const elsewhere = await save(member, null, { title: 'Other' }, { ...home, pagePath: '/other' })
    expect(await member.rpc.metadataRevisions.get({ ...home, metadataRevisionId: own.id })).toEqual(
      own,
    )
    await expect(
      member.rpc.metadataRevisions.get({ ...home, metadataRevisionId: elsewhere.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('restores an old revision as a new one, keeping the history', async () => {
    const { owner, member, site } = await castWithHome()
    const one = await save(owner, null, { title: 'One', customTags: [{ name: 'k', content: '' }] })
    const two = await save(owner, one.id, { title: 'Two' })
    changed.length = 0
    const restored = await member.rpc.metadataRevisions.restore({
      ...home,
      metadataRevisionId: one.id,
    })
    expect(restored).toMatchObject({
      number: 3,
      source: 'restore',
      metadata: one.metadata,
      author: { name: 'member person' },
      restoredFrom: { id: one.id, number: 1 },
    })
    expect(changed).toEqual([site.id])
    const history = await member.rpc.metadataRevisions.list(home)
    expect(history.items.map((item) => [item.number, item.source])).toEqual([
      [3, 'restore'],
      [2, 'editor'],
      [1, 'editor'],
    ])
    expect((await member.rpc.pages.get(home)).revision?.id).toBe(restored.id)
    expect(two.number).toBe(2)
    await expect(
      member.rpc.metadataRevisions.restore({ ...home, metadataRevisionId: 'nope' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
