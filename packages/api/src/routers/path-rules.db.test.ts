import type { WebhookPayload } from '@headmark/metadata'
import { createWebhookHandler } from '@headmark/metadata/webhooks'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { hostileTexts } from '../../test/corpus.ts'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import { type Receiver, startReceiver } from '../../test/webhook-fixtures.ts'
import { pathRule, pathRuleRevision, site as siteTable, webhookMessage } from '../db/schema.ts'

const server = useTestServer()
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

async function code(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

async function messageOf(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as Error).message
  }
}

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

describe('pathRules', () => {
  it('creates, lists in order with page counts, updates with conflicts, renames, restores and deletes', async () => {
    const { owner, member } = await siteCast(server.current)
    for (const path of [
      '/blog/a',
      '/blog/b',
      '/blog/2024/launch',
      '/docs',
      '/docs/x/y',
      '/about',
    ]) {
      await member.rpc.pages.create({ ...acme, path })
    }
    const posts = await owner.rpc.pathRules.create({
      ...acme,
      pattern: ' /blog//*/ ',
      metadata: { description: 'A post', title: '' },
      titleTemplate: '%s — Blog',
    })
    expect(posts).toMatchObject({
      pattern: '/blog/*',
      metadata: { description: 'A post' },
      titleTemplate: '%s — Blog',
      revisionCount: 1,
    })
    await owner.rpc.pathRules.create({
      ...acme,
      pattern: '/**',
      metadata: { robots: { noarchive: true } },
    })
    await owner.rpc.pathRules.create({
      ...acme,
      pattern: '/docs/**',
      metadata: { description: 'Docs' },
    })
    await owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/**',
      metadata: { description: 'Blog' },
    })

    const list = await member.rpc.pathRules.list(acme)
    expect(list.limit).toBe(200)
    expect(list.items.map((rule) => [rule.pattern, rule.pageCount])).toEqual([
      ['/**', 6],
      ['/blog/**', 3],
      ['/docs/**', 2],
      ['/blog/*', 2],
    ])

    // The same pattern twice is a CONFLICT on the pattern, whatever its spelling.
    expect(
      await messageOf(owner.rpc.pathRules.create({ ...acme, pattern: '/blog/*/', metadata: {} })),
    ).toContain('already has a rule for /blog/*')

    // Update from a stale base: CONFLICT, nothing written; from the current one: a new revision.
    const updated = await owner.rpc.pathRules.update({
      ...acme,
      ruleId: posts.id,
      baseRevisionId: posts.currentRevisionId,
      metadata: { description: 'A blog post' },
    })
    expect(updated).toMatchObject({ revisionCount: 2, titleTemplate: '%s — Blog' })
    expect(
      await code(
        owner.rpc.pathRules.update({
          ...acme,
          ruleId: posts.id,
          baseRevisionId: posts.currentRevisionId,
          metadata: { description: 'Lost' },
        }),
      ),
    ).toBe('CONFLICT')
    expect((await member.rpc.pathRules.get({ ...acme, ruleId: posts.id })).metadata).toEqual({
      description: 'A blog post',
    })

    // The page sees its rules, least → most specific, and serves them.
    const page = await member.rpc.pages.get({ ...acme, pagePath: '/blog/a' })
    expect(page.rules.map((rule) => rule.pattern)).toEqual(['/**', '/blog/**', '/blog/*'])
    expect(page.served).toEqual({ description: 'A blog post', robots: { noarchive: true } })
    expect(
      (
        await member.rpc.pathRules.listMatching({ ...acme, pagePath: 'https://acme.com/docs/x/y/' })
      ).map((rule) => rule.pattern),
    ).toEqual(['/**', '/docs/**'])

    // History and restore.
    const history = await member.rpc.pathRules.listRevisions({ ...acme, ruleId: posts.id })
    expect(history.items.map((revision) => [revision.number, revision.metadata])).toEqual([
      [2, { description: 'A blog post' }],
      [1, { description: 'A post' }],
    ])
    const restored = await owner.rpc.pathRules.restore({
      ...acme,
      ruleId: posts.id,
      revisionId: history.items[1]?.id ?? '',
    })
    expect(restored).toMatchObject({ metadata: { description: 'A post' }, revisionCount: 3 })
    const [latest] = (await member.rpc.pathRules.listRevisions({ ...acme, ruleId: posts.id })).items
    expect(latest).toMatchObject({
      number: 3,
      source: 'restore',
      restoredFromId: history.items[1]?.id,
    })

    // Rename keeps the history; a taken pattern is a CONFLICT.
    expect(
      await code(owner.rpc.pathRules.rename({ ...acme, ruleId: posts.id, pattern: '/docs/**' })),
    ).toBe('CONFLICT')
    const renamed = await owner.rpc.pathRules.rename({
      ...acme,
      ruleId: posts.id,
      pattern: '/blog/2024/*',
    })
    expect(renamed).toMatchObject({ pattern: '/blog/2024/*', revisionCount: 3 })
    expect((await member.rpc.pages.get({ ...acme, pagePath: '/blog/a' })).served).toEqual({
      description: 'Blog',
      robots: { noarchive: true },
    })

    await owner.rpc.pathRules.delete({ ...acme, ruleId: posts.id })
    expect(await code(member.rpc.pathRules.get({ ...acme, ruleId: posts.id }))).toBe('NOT_FOUND')
    const { db } = server.current.headmark
    expect(
      await db.select().from(pathRuleRevision).where(eq(pathRuleRevision.ruleId, posts.id)),
    ).toEqual([])
  })

  it('refuses bad input with a 400 that says what to fix, writing nothing', async () => {
    const { owner } = await siteCast(server.current)
    const refusals = [
      [{ pattern: 'blog/*' }, 'starts with /'],
      [{ pattern: '/blog/*.html' }, 'whole segment'],
      [{ pattern: '/{a,b}' }, 'not allowed'],
      [{ pattern: `/${'a'.repeat(600)}` }, 'at most 512'],
      [{ titleTemplate: 'No placeholder' }, 'Put %s where'],
      [{ metadata: { canonical: 'https://acme.com/x' } }, 'belong to one page'],
      [{ metadata: { title: 'x'.repeat(5000) } }, ''],
      [{ metadata: [] as unknown as object }, 'must be an object'],
    ] as const
    for (const [change, message] of refusals) {
      const call = owner.rpc.pathRules.create({ ...acme, pattern: '/x/*', metadata: {}, ...change })
      const error = await call.then(
        () => null,
        (caught: { code: string; message: string; status: number }) => caught,
      )
      expect(error?.status, JSON.stringify(change).slice(0, 80)).toBeGreaterThanOrEqual(400)
      expect(error?.status).toBeLessThan(500)
      expect(error?.message).toContain(message)
    }
    expect(await server.current.headmark.db.select().from(pathRule)).toEqual([])
  })

  it('takes every hostile text as a pattern, a template or metadata without a 500', async () => {
    const { owner } = await siteCast(server.current)
    let n = 0
    for (const text of hostileTexts()) {
      for (const input of [
        { pattern: text, metadata: {} },
        { pattern: `/h${n}/${text}`, metadata: {} },
        { pattern: `/t${n}/*`, metadata: {}, titleTemplate: `${text} %s` },
        { pattern: `/m${n}/*`, metadata: { description: text, title: text } },
      ]) {
        const result = await owner.rpc.pathRules.create({ ...acme, ...input }).then(
          () => 200,
          (error: { status?: number }) => error.status ?? 500,
        )
        expect(result === 200 || (result >= 400 && result < 500), text.slice(0, 60)).toBe(true)
        if (result === 200) {
          // Anything accepted can be deleted again (keeps the site under its rule limit).
          const [rule] = await server.current.headmark.db.select().from(pathRule)
          if (rule) await owner.rpc.pathRules.delete({ ...acme, ruleId: rule.id })
        }
      }
      n++
    }
  }, 120_000)

  it('stops at 200 rules per site', async () => {
    const { owner } = await siteCast(server.current)
    const { db } = server.current.headmark
    const [site] = await db.select().from(siteTable).where(eq(siteTable.hostname, 'acme.com'))
    await db.insert(pathRule).values(
      Array.from({ length: 200 }, (_, i) => ({
        id: `r${i}`,
        siteId: site?.id ?? '',
        pattern: `/p${i}/*`,
      })),
    )
    expect(
      await messageOf(
        owner.rpc.pathRules.create({ ...acme, pattern: '/one-more/*', metadata: {} }),
      ),
    ).toContain('at most 200 path rules')
  })

  it('sends one metadata_update with path null per rule change, in its transaction', async () => {
    const { owner } = await organizationCast(server.current)
    const events: WebhookPayload[] = []
    let secret = ''
    receiver = await startReceiver((request) =>
      createWebhookHandler({
        secret,
        onEvent: (payload) => {
          events.push(payload)
          return {}
        },
      })(request),
    )
    const local = { organizationSlug: 'acme', siteHostname: 'localhost' }
    const site = await owner.rpc.sites.create({
      organizationSlug: 'acme',
      name: 'Acme',
      hostname: 'localhost',
    })
    secret = (await owner.rpc.webhooks.create({ ...local, url: receiver.url })).secret
    await owner.rpc.metadataRevisions.save({
      ...local,
      pagePath: null,
      baseRevisionId: null,
      metadata: { description: 'Rockets' },
    })
    await receiver.received(1)
    const rule = await owner.rpc.pathRules.create({
      ...local,
      pattern: '/blog/*',
      metadata: { description: 'Posts' },
    })
    const [request] = (await receiver.received(2)).slice(1)
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      _type: 'metadata_update',
      path: null,
      metadataRevisionId: rule.currentRevisionId,
      metadata: { description: 'Rockets' },
      site: { hostname: 'localhost', dsn: site.dsn },
    })
    // A refused change sends nothing.
    await code(
      owner.rpc.pathRules.update({
        ...local,
        ruleId: rule.id,
        baseRevisionId: 'stale',
        metadata: {},
      }),
    )
    const messages = await server.current.headmark.db
      .select({ payload: webhookMessage.payload })
      .from(webhookMessage)
      .where(eq(webhookMessage.siteId, site.id))
    expect(messages).toHaveLength(2)
    expect(events.length).toBeGreaterThanOrEqual(2)
  })
})
