import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import { insertWebhook } from '../../test/webhook-fixtures.ts'
import { auditEvent, pathRule, webhookMessage } from '../db/schema.ts'

// Path rules in change requests: drafted beside pages and the site's defaults, published with
// them in one transaction, under every publishing policy; a rule saved since its draft is a
// conflict.

const server = useTestServer()

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
type Author = 'member' | 'admin' | 'owner'

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

/** A rule of acme.com made by the owner before the policy is set. */
async function ownerRule(cast: SiteCast, pattern: string) {
  return cast.owner.rpc.pathRules.create({ ...acme, pattern, metadata: { title: 'Rule before' } })
}

async function ruleTitle(cast: SiteCast, ruleId: string): Promise<unknown> {
  const rule = await cast.owner.rpc.pathRules.get({ ...acme, ruleId })
  return rule.metadata.title
}

async function messagePaths(siteId: string): Promise<Array<string | null>> {
  const rows = await server.current.headmark.db
    .select({ payload: webhookMessage.payload })
    .from(webhookMessage)
    .where(eq(webhookMessage.siteId, siteId))
    .orderBy(asc(webhookMessage.createdAt), asc(webhookMessage.id))
  return rows.map((row) => (row.payload as { path: string | null }).path)
}

const policies = [
  { mode: 'direct', twoPersonRule: false },
  { mode: 'review', twoPersonRule: false },
  { mode: 'direct', twoPersonRule: true },
  { mode: 'review', twoPersonRule: true },
] as const

describe('path-rule changes go through change requests under every policy', () => {
  it('any member drafts one; an owner or admin other than the author approves when a second person is needed; owners and admins publish', async () => {
    const cast = await siteCast(server.current)
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    let n = 0
    for (const policy of policies) {
      await cast.owner.rpc.changeRequests.updatePolicy({
        organizationSlug: 'acme',
        mode: 'direct',
        twoPersonRule: false,
        largeChangePages: 50,
      })
      const rules: Record<Author, string> = { member: '', admin: '', owner: '' }
      for (const author of ['member', 'admin', 'owner'] as const) {
        rules[author] = (await ownerRule(cast, `/p${n++}/**`)).id
      }
      await cast.owner.rpc.changeRequests.updatePolicy({
        organizationSlug: 'acme',
        ...policy,
        largeChangePages: 50,
      })
      const name = `${policy.mode}${policy.twoPersonRule ? '+two-person' : ''}`
      for (const author of ['member', 'admin', 'owner'] as const) {
        const key = `${name} ${author}`
        const ruleId = rules[author]
        const before = await cast.owner.rpc.pathRules.get({ ...acme, ruleId })
        // Directly: only owners and admins, and not under the two-person rule.
        seen[`${key} direct`] = await outcome(
          cast[author].rpc.pathRules.update({
            ...acme,
            ruleId,
            baseRevisionId: before.currentRevisionId,
            metadata: { title: 'Direct' },
          }),
        )
        expected[`${key} direct`] = author === 'member' || policy.twoPersonRule ? 'FORBIDDEN' : 'ok'
        const base = (await cast.owner.rpc.pathRules.get({ ...acme, ruleId })).currentRevisionId
        const { changeRequestId } = await cast[author].rpc.changeRequests.saveRuleDraft({
          ...acme,
          ruleId,
          baseRevisionId: base,
          metadata: { title: `Drafted by ${author}` },
        })
        const ref = { organizationSlug: 'acme', changeRequestId }
        // Published by its author without approval: an owner's or admin's own, without the
        // two-person rule; never a member's.
        const selfServe = author !== 'member' && !policy.twoPersonRule
        seen[`${key} publish unapproved`] = await outcome(
          cast[author].rpc.changeRequests.publish(ref),
        )
        expected[`${key} publish unapproved`] = selfServe ? 'ok' : 'FORBIDDEN'
        if (!selfServe) {
          // A member's approval does not count for rules: refused.
          seen[`${key} member approves`] = await outcome(
            cast.member.rpc.changeRequests.review({ ...ref, decision: 'approve' }),
          )
          expected[`${key} member approves`] = 'FORBIDDEN'
          const reviewer = author === 'admin' ? 'owner' : 'admin'
          seen[`${key} ${reviewer} approves`] = await outcome(
            cast[reviewer].rpc.changeRequests.review({ ...ref, decision: 'approve' }),
          )
          expected[`${key} ${reviewer} approves`] = 'ok'
          // The member author still may not publish; the reviewer may.
          if (author === 'member') {
            seen[`${key} member publishes approved`] = await outcome(
              cast.member.rpc.changeRequests.publish(ref),
            )
            expected[`${key} member publishes approved`] = 'FORBIDDEN'
          }
          const publisher = author === 'member' ? reviewer : author
          seen[`${key} ${publisher} publishes approved`] = await outcome(
            cast[publisher].rpc.changeRequests.publish(ref),
          )
          expected[`${key} ${publisher} publishes approved`] = 'ok'
        }
        seen[`${key} rule title`] = String(await ruleTitle(cast, ruleId))
        expected[`${key} rule title`] = `Drafted by ${author}`
      }
    }
    expect(seen).toEqual(expected)
  }, 180_000)
})

describe('pages, site defaults and path rules in one change request', () => {
  it('are published together, in one transaction, with one webhook message per page and one for the site; the audit log has each step', async () => {
    const cast = await siteCast(server.current)
    await cast.owner.rpc.pages.create({ ...acme, path: '/a' })
    const changed = await ownerRule(cast, '/blog/**')
    const renamed = await ownerRule(cast, '/news/*')
    const deleted = await ownerRule(cast, '/old/**')
    await insertWebhook(server.current.headmark, cast.site.id, 'https://hooks.example.com/in')
    const m = cast.member.rpc.changeRequests
    const { changeRequestId } = await m.saveDraft({
      ...acme,
      pagePath: '/a',
      baseRevisionId: null,
      metadata: { title: 'Page A' },
    })
    await m.saveDraft({
      ...acme,
      pagePath: null,
      baseRevisionId: null,
      metadata: { description: 'Site' },
    })
    await m.saveRuleDraft({
      ...acme,
      ruleId: changed.id,
      baseRevisionId: changed.currentRevisionId,
      metadata: { title: 'Blog' },
      titleTemplate: '%s | Blog',
    })
    await m.saveRuleDraft({
      ...acme,
      ruleId: renamed.id,
      pattern: '/press/*',
      baseRevisionId: renamed.currentRevisionId,
      metadata: { title: 'Press' },
    })
    await m.saveRuleDraft({
      ...acme,
      ruleId: deleted.id,
      baseRevisionId: deleted.currentRevisionId,
      delete: true,
    })
    await m.saveRuleDraft({
      ...acme,
      ruleId: null,
      pattern: '/docs/**',
      baseRevisionId: null,
      metadata: { description: 'Docs' },
    })
    // A second draft of the same rule replaces the first; a new rule on a taken pattern is refused.
    await m.saveRuleDraft({
      ...acme,
      ruleId: changed.id,
      baseRevisionId: changed.currentRevisionId,
      metadata: { title: 'Blog, again' },
    })
    await expect(
      m.saveRuleDraft({
        ...acme,
        ruleId: null,
        pattern: '/blog/**',
        baseRevisionId: null,
        metadata: {},
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(
      m.saveRuleDraft({ ...acme, ruleId: null, baseRevisionId: null, metadata: {} }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(
      m.saveRuleDraft({
        ...acme,
        ruleId: null,
        pattern: 'no slash',
        baseRevisionId: null,
        metadata: {},
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    const ref = { organizationSlug: 'acme', changeRequestId }
    const detail = await m.get(ref)
    expect(detail.changeRequest).toMatchObject({ pageCount: 1, defaults: true, ruleCount: 4 })
    expect(
      detail.rules.map((r) => [
        r.currentPattern,
        r.pattern,
        r.deleted,
        r.conflict,
        r.after.metadata,
      ]),
    ).toEqual([
      ['/blog/**', '/blog/**', false, false, { title: 'Blog, again' }],
      ['/news/*', '/press/*', false, false, { title: 'Press' }],
      ['/old/**', '/old/**', true, false, {}],
      [null, '/docs/**', false, false, { description: 'Docs' }],
    ])
    // The template was left out of the second draft: the first draft's is kept.
    expect(detail.rules[0]?.after.titleTemplate).toBe('%s | Blog')
    // Nothing changed since the drafts: no newer revision to show.
    expect(detail.rules.map((r) => r.current)).toEqual([null, null, null, null])
    expect(detail.requirement.managersOnly).toBe(true)

    // Someone changes /blog/** meanwhile: nothing at all is published.
    const newer = await cast.admin.rpc.pathRules.update({
      ...acme,
      ruleId: changed.id,
      baseRevisionId: changed.currentRevisionId,
      metadata: { title: 'Newer' },
    })
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    await expect(cast.admin.rpc.changeRequests.publish(ref)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('/blog/**'),
      data: {
        conflicts: [{ path: null, rule: '/blog/**', currentRevisionId: newer.currentRevisionId }],
      },
    })
    const { db } = server.current.headmark
    const patterns = async () =>
      (
        await db
          .select({ pattern: pathRule.pattern })
          .from(pathRule)
          .where(eq(pathRule.siteId, cast.site.id))
      )
        .map((r) => r.pattern)
        .sort()
    expect(await patterns()).toEqual(['/blog/**', '/news/*', '/old/**'])
    // The conflict names the rule's revision now: what the author re-bases onto.
    // and the conflict shows what the rule sets now (the newer revision), beside the draft's base.
    expect((await m.get(ref)).rules[0]).toMatchObject({
      conflict: true,
      currentRevisionId: newer.currentRevisionId,
      before: { metadata: { title: 'Rule before' }, titleTemplate: null },
      current: { metadata: { title: 'Newer' }, titleTemplate: null },
      after: { metadata: { title: 'Blog, again' }, titleTemplate: '%s | Blog' },
    })
    const pageA = await cast.owner.rpc.pages.get({ ...acme, pagePath: '/a' })
    expect(pageA.page.currentRevisionId).toBeNull()

    // The author re-drafts it from the newer revision; approved again, it publishes.
    await m.saveRuleDraft({
      ...acme,
      changeRequestId,
      ruleId: changed.id,
      baseRevisionId: newer.currentRevisionId,
      metadata: { title: 'Blog, re-based' },
    })
    const messagesBefore = (await messagePaths(cast.site.id)).length
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    const published = await cast.admin.rpc.changeRequests.publish(ref)
    expect(published.outcome).toMatchObject({ applied: 1, defaults: true, rules: 4, conflicts: [] })
    expect(await patterns()).toEqual(['/blog/**', '/docs/**', '/press/*'])
    expect(await ruleTitle(cast, changed.id)).toBe('Blog, re-based')
    expect(await ruleTitle(cast, renamed.id)).toBe('Press')
    // One message for /a, one for the whole site (the defaults' save covers the rules too).
    expect((await messagePaths(cast.site.id)).slice(messagesBefore).sort()).toEqual(['/a', null])

    const entries = await db
      .select({ action: auditEvent.action, summary: auditEvent.summary })
      .from(auditEvent)
      .where(
        and(eq(auditEvent.targetKind, 'change_request'), eq(auditEvent.targetId, changeRequestId)),
      )
    const drafts = entries.filter((e) => e.action === 'change_request.draft_saved')
    expect(drafts.map((e) => e.summary.after?.rule ?? e.summary.after?.path).sort()).toEqual(
      [
        '/a',
        '/blog/**',
        '/blog/**',
        '/blog/**',
        '/docs/**',
        '/old/**',
        '/press/*',
        'site defaults',
      ].sort(),
    )
    expect(entries.filter((e) => e.action === 'change_request.published')).toHaveLength(1)
  })

  it('a rule change alone announces the site once; the author drops a drafted rule', async () => {
    const cast = await siteCast(server.current)
    await insertWebhook(server.current.headmark, cast.site.id, 'https://hooks.example.com/in')
    const o = cast.owner.rpc.changeRequests
    const { changeRequestId } = await o.saveRuleDraft({
      ...acme,
      ruleId: null,
      pattern: '/a/**',
      baseRevisionId: null,
      metadata: { title: 'A' },
    })
    await o.saveRuleDraft({
      ...acme,
      ruleId: null,
      pattern: '/b/**',
      baseRevisionId: null,
      metadata: { title: 'B' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    const detail = await o.get(ref)
    await o.dropRuleItem({ ...ref, ruleEditId: detail.rules[1]!.id })
    await expect(o.dropRuleItem({ ...ref, ruleEditId: detail.rules[1]!.id })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    )
    const published = await o.publish(ref)
    expect(published.outcome).toMatchObject({ rules: 1 })
    const rules = await cast.owner.rpc.pathRules.list(acme)
    expect(rules.items.map((r) => r.pattern)).toEqual(['/a/**'])
    expect(await messagePaths(cast.site.id)).toEqual([null])
  })

  it('under the two-person rule an owner proposes a new rule, a rename and a deletion; another admin approves; publishing applies them', async () => {
    const cast = await siteCast(server.current)
    const renamed = await ownerRule(cast, '/news/*')
    const deleted = await ownerRule(cast, '/old/**')
    await cast.owner.rpc.pathRules.update({
      ...acme,
      ruleId: renamed.id,
      baseRevisionId: renamed.currentRevisionId,
      metadata: { title: 'News' },
      titleTemplate: '%s | News',
    })
    const renamedNow = await cast.owner.rpc.pathRules.get({ ...acme, ruleId: renamed.id })
    await cast.owner.rpc.changeRequests.updatePolicy({
      organizationSlug: 'acme',
      mode: 'direct',
      twoPersonRule: true,
      largeChangePages: 50,
    })
    const o = cast.owner.rpc.changeRequests
    // Direct writes are refused; drafts are not.
    expect(
      await outcome(
        cast.owner.rpc.pathRules.create({ ...acme, pattern: '/docs/**', metadata: {} }),
      ),
    ).toBe('FORBIDDEN')
    expect(
      await outcome(
        cast.owner.rpc.pathRules.rename({ ...acme, ruleId: renamed.id, pattern: '/press/*' }),
      ),
    ).toBe('FORBIDDEN')
    expect(await outcome(cast.owner.rpc.pathRules.delete({ ...acme, ruleId: deleted.id }))).toBe(
      'FORBIDDEN',
    )
    const first = await o.saveRuleDraft({
      ...acme,
      ruleId: null,
      pattern: '/docs/**',
      baseRevisionId: null,
      metadata: { description: 'Docs' },
      newChangeRequest: true,
    })
    // A rename alone keeps what the rule sets (its metadata and template).
    const second = await o.saveRuleDraft({
      ...acme,
      ruleId: renamed.id,
      pattern: '/press/*',
      baseRevisionId: renamedNow.currentRevisionId,
    })
    const third = await o.saveRuleDraft({
      ...acme,
      ruleId: deleted.id,
      baseRevisionId: deleted.currentRevisionId,
      delete: true,
    })
    expect([first.created, second.created, third.created]).toEqual([true, false, false])
    expect(
      new Set([first.changeRequestId, second.changeRequestId, third.changeRequestId]).size,
    ).toBe(1)
    // A new request on purpose, while one is open; not together with a named one.
    const another = await o.saveRuleDraft({
      ...acme,
      ruleId: null,
      pattern: '/later/**',
      baseRevisionId: null,
      newChangeRequest: true,
    })
    expect(another.created).toBe(true)
    expect(another.changeRequestId).not.toBe(first.changeRequestId)
    await expect(
      o.saveRuleDraft({
        ...acme,
        ruleId: null,
        pattern: '/x/**',
        baseRevisionId: null,
        changeRequestId: first.changeRequestId,
        newChangeRequest: true,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('not both') })

    const ref = { organizationSlug: 'acme', changeRequestId: first.changeRequestId }
    const detail = await o.get(ref)
    expect(detail.rules.map((r) => [r.currentPattern, r.pattern, r.deleted, r.after])).toEqual([
      [null, '/docs/**', false, { metadata: { description: 'Docs' }, titleTemplate: null }],
      ['/news/*', '/press/*', false, { metadata: { title: 'News' }, titleTemplate: '%s | News' }],
      ['/old/**', '/old/**', true, { metadata: {}, titleTemplate: null }],
    ])
    expect(detail.requirement).toMatchObject({ secondPerson: true, approvalCounts: false })
    expect(await outcome(o.publish(ref))).toBe('FORBIDDEN')
    expect(await outcome(o.review({ ...ref, decision: 'approve' }))).toBe('FORBIDDEN')
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    const published = await o.publish(ref)
    expect(published.outcome).toMatchObject({ rules: 3, conflicts: [] })
    const rules = await cast.owner.rpc.pathRules.list(acme)
    expect(rules.items.map((r) => [r.pattern, r.metadata, r.titleTemplate]).sort()).toEqual([
      ['/docs/**', { description: 'Docs' }, null],
      ['/press/*', { title: 'News' }, '%s | News'],
    ])
  })
})
