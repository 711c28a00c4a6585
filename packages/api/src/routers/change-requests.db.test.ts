import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { edgeRefusal, hostileTexts } from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import { insertWebhook } from '../../test/webhook-fixtures.ts'
import {
  auditEvent,
  changeRequest,
  changeSet,
  metadataRevision,
  user,
  webhookMessage,
} from '../db/schema.ts'

const server = useTestServer()

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

/** Pages of acme.com, each saved once by the owner. */
async function savedPages(cast: SiteCast, paths: string[]) {
  const pages: Array<{ id: string; path: string; revisionId: string }> = []
  for (const path of paths) {
    const created = await cast.owner.rpc.pages.create({ ...acme, path })
    const saved = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: path,
      baseRevisionId: null,
      metadata: { title: `Old ${path}` },
    })
    pages.push({ id: created.id, path, revisionId: saved.id })
  }
  return pages
}

async function userId(email: string): Promise<string> {
  const [row] = await server.current.headmark.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email))
  if (!row) throw new Error(`No user ${email}`)
  return row.id
}

async function revisionsOf(pageId: string) {
  return server.current.headmark.db
    .select({ number: metadataRevision.number, metadata: metadataRevision.metadata })
    .from(metadataRevision)
    .where(eq(metadataRevision.pageId, pageId))
    .orderBy(asc(metadataRevision.number))
}

async function messagePaths(siteId: string): Promise<Array<string | null>> {
  const rows = await server.current.headmark.db
    .select({ payload: webhookMessage.payload })
    .from(webhookMessage)
    .where(eq(webhookMessage.siteId, siteId))
    .orderBy(asc(webhookMessage.createdAt), asc(webhookMessage.id))
  return rows.map((row) => (row.payload as { path: string | null }).path)
}

/** The audit entries of one change request, oldest first (one transaction's by action name). */
async function auditOf(changeRequestId: string) {
  return server.current.headmark.db
    .select({
      action: auditEvent.action,
      actorKind: auditEvent.actorKind,
      actorLabel: auditEvent.actorLabel,
      clientAddress: auditEvent.clientAddress,
      summary: auditEvent.summary,
    })
    .from(auditEvent)
    .where(
      and(eq(auditEvent.targetKind, 'change_request'), eq(auditEvent.targetId, changeRequestId)),
    )
    .orderBy(asc(auditEvent.occurredAt), asc(auditEvent.action))
}

async function mails(to: string) {
  return (await server.current.headmark.mailbox?.list({ to })) ?? []
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

describe('change requests: draft, review, publish', () => {
  it('a member drafts three pages and the defaults; an admin comments, asks for changes, approves; the request publishes in one go with one webhook message per path', async () => {
    const cast = await siteCast(server.current)
    const pages = await savedPages(cast, ['/a', '/b', '/c'])
    await insertWebhook(server.current.headmark, cast.site.id, 'https://hooks.example.com/in')
    const defaults = await cast.member.rpc.pages.get({ ...acme, pagePath: null })

    let requestId = ''
    for (const p of pages) {
      const saved = await cast.member.rpc.changeRequests.saveDraft({
        ...acme,
        pagePath: p.path,
        baseRevisionId: p.revisionId,
        metadata: { title: `New ${p.path}` },
      })
      if (requestId) expect(saved).toEqual({ changeRequestId: requestId, created: false })
      else expect(saved.created).toBe(true)
      requestId = saved.changeRequestId
    }
    await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: null,
      baseRevisionId: defaults.page.currentRevisionId,
      metadata: { description: 'Acme makes everything' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId: requestId }

    // Nothing is live yet, and the draft is the member's.
    expect(await revisionsOf(pages[0]!.id)).toHaveLength(1)
    expect(await cast.member.rpc.changeRequests.getDraft(acme)).toMatchObject({
      id: requestId,
      pageCount: 3,
      defaults: true,
    })
    expect(await cast.admin.rpc.changeRequests.getDraft(acme)).toBeNull()

    // The member asks the admin: the admin is e-mailed.
    const adminId = await userId('admin@example.com')
    await cast.member.rpc.changeRequests.update({
      ...ref,
      title: 'Spring launch',
      description: 'Three pages and the defaults',
      reviewerIds: [adminId],
    })
    const [asked] = await mails('admin@example.com')
    expect(asked?.subject).toBe('Review requested: Spring launch')
    expect(asked?.text).toContain(`/change-requests/${requestId}`)
    await expect(
      cast.member.rpc.changeRequests.update({
        ...ref,
        title: 'x',
        reviewerIds: [await userId('member@example.com')],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(
      cast.member.rpc.changeRequests.update({
        ...ref,
        title: 'x',
        reviewerIds: [await userId('sam@example.com')],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })

    // Discussion and review.
    const { id: commentId } = await cast.admin.rpc.changeRequests.comment({
      ...ref,
      body: 'Shorter titles?',
    })
    await cast.member.rpc.changeRequests.comment({ ...ref, body: 'Done', parentId: commentId })
    await cast.admin.rpc.changeRequests.review({
      ...ref,
      decision: 'request_changes',
      body: 'Please',
    })
    expect((await mails('member@example.com'))[0]?.subject).toContain('asked for changes')
    await expect(
      cast.member.rpc.changeRequests.review({ ...ref, decision: 'approve' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    const approved = await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    expect(approved.status).toBe('approved')
    expect((await mails('member@example.com'))[0]?.subject).toContain('approved it')

    const detail = await cast.member.rpc.changeRequests.get(ref)
    expect(detail.changeRequest).toMatchObject({
      title: 'Spring launch',
      description: 'Three pages and the defaults',
      status: 'approved',
      approvedBy: { id: adminId },
    })
    expect(
      detail.items.map((item) => [item.path, item.before.title, item.after.title, item.conflict]),
    ).toEqual([
      ['/a', 'Old /a', 'New /a', false],
      ['/b', 'Old /b', 'New /b', false],
      ['/c', 'Old /c', 'New /c', false],
    ])
    expect(detail.items[0]?.served).toMatchObject({
      title: 'New /a',
      description: 'Acme makes everything',
    })
    expect(detail.defaults).toMatchObject({
      conflict: false,
      after: { description: 'Acme makes everything' },
    })
    expect(detail.comments.map((c) => [c.body, c.parentId])).toEqual([
      ['Shorter titles?', null],
      ['Done', commentId],
    ])
    expect(detail.reviews.map((r) => r.decision)).toEqual(['request_changes', 'approve'])
    expect(detail.reviewers).toEqual([{ id: adminId, name: 'admin person' }])

    // Published as a whole: one revision per page, one message per changed path (and the defaults).
    const messagesBefore = (await messagePaths(cast.site.id)).length
    const published = await cast.member.rpc.changeRequests.publish(ref)
    expect(published).toMatchObject({
      status: 'published',
      outcome: { applied: 3, defaults: true, conflicts: [] },
    })
    for (const p of pages) {
      expect((await revisionsOf(p.id)).map((r) => r.metadata.title)).toEqual([
        `Old ${p.path}`,
        `New ${p.path}`,
      ])
    }
    const served = await cast.member.rpc.pages.get({ ...acme, pagePath: '/a' })
    expect(served.served).toMatchObject({ title: 'New /a', description: 'Acme makes everything' })
    const paths = (await messagePaths(cast.site.id)).slice(messagesBefore)
    expect(paths.filter((path) => path !== null).sort()).toEqual(['/a', '/b', '/c'])
    expect(paths.filter((path) => path === null)).toHaveLength(1)
    // Published requests do not change again, and a publish is not repeated.
    await expect(cast.member.rpc.changeRequests.publish(ref)).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    await expect(
      cast.member.rpc.changeRequests.dropItem({ ...ref, pagePath: '/a' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' })
    // Its change set is listed with the site's change sets once published.
    const sets = await cast.member.rpc.changeSets.list(acme)
    expect(sets.items.map((s) => [s.source, s.status])).toContainEqual(['review', 'applied'])
  })

  it('a page published since its draft is a conflict: nothing is published until the author re-bases or drops it', async () => {
    const cast = await siteCast(server.current)
    const [a, b] = await savedPages(cast, ['/a', '/b'])
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'Draft A' },
    })
    await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/b',
      baseRevisionId: b!.revisionId,
      metadata: { title: 'Draft B' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    // Someone publishes /a meanwhile.
    const newer = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'Published A' },
    })
    const detail = await cast.member.rpc.changeRequests.get(ref)
    expect(detail.items.map((i) => [i.path, i.conflict, i.currentRevisionId])).toEqual([
      ['/a', true, newer.id],
      ['/b', false, b!.revisionId],
    ])
    await expect(cast.member.rpc.changeRequests.publish(ref)).rejects.toMatchObject({
      code: 'CONFLICT',
      data: { conflicts: [{ path: '/a', currentRevisionId: newer.id }] },
    })
    // Nothing was written: /a keeps the newer publish, /b its old revision.
    expect((await revisionsOf(a!.id)).map((r) => r.metadata.title)).toEqual([
      'Old /a',
      'Published A',
    ])
    expect((await revisionsOf(b!.id)).map((r) => r.metadata.title)).toEqual(['Old /b'])

    // Only the author re-bases.
    const rebase = {
      ...acme,
      changeRequestId,
      pagePath: '/a',
      baseRevisionId: newer.id,
      metadata: { title: 'Published A, drafted' },
    }
    await expect(cast.admin.rpc.changeRequests.rebaseItem(rebase)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    await cast.member.rpc.changeRequests.rebaseItem(rebase)
    await cast.member.rpc.changeRequests.dropItem({ ...ref, pagePath: '/b' })
    const after = await cast.member.rpc.changeRequests.publish(ref)
    expect(after.outcome).toMatchObject({ applied: 1, conflicts: [] })
    // Each draft save, the re-base and the drop are in the log; the refused re-base and the
    // refused publish left nothing.
    expect((await auditOf(changeRequestId)).map((e) => [e.action, e.summary.after])).toEqual([
      ['change_request.draft_saved', { path: '/a', fields: ['title'] }],
      ['change_request.opened', undefined],
      ['change_request.draft_saved', { path: '/b', fields: ['title'] }],
      ['change_request.draft_saved', { path: '/a', fields: ['title'], rebasedOnto: newer.id }],
      ['change_request.edit_dropped', { path: '/b' }],
      ['change_request.published', undefined],
    ])
    expect((await revisionsOf(a!.id)).map((r) => r.metadata.title)).toEqual([
      'Old /a',
      'Published A',
      'Published A, drafted',
    ])
    expect((await revisionsOf(b!.id)).map((r) => r.metadata.title)).toEqual(['Old /b'])
  })

  it('follows the policy: under review a member’s request needs an owner’s or admin’s approval; the two-person rule holds even for owners', async () => {
    const cast = await siteCast(server.current)
    const [a] = await savedPages(cast, ['/a'])
    await cast.owner.rpc.changeRequests.updatePolicy({
      organizationSlug: 'acme',
      mode: 'review',
      twoPersonRule: true,
      largeChangePages: 50,
    })
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'Member A' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    expect(await codeOf(cast.member.rpc.changeRequests.publish(ref))).toBe('FORBIDDEN')
    expect(await codeOf(cast.admin.rpc.changeRequests.publish(ref))).toBe('FORBIDDEN')
    const view = await cast.admin.rpc.changeRequests.get(ref)
    expect(view.can).toMatchObject({ publish: false, review: true })
    expect(view.requirement.reasons.join(' ')).toContain('publishes through review')
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    expect((await cast.admin.rpc.changeRequests.get(ref)).can.publish).toBe(true)
    // A member can not publish even an approved request under review.
    expect(await codeOf(cast.member.rpc.changeRequests.publish(ref))).toBe('FORBIDDEN')
    expect(await codeOf(cast.owner.rpc.changeRequests.publish(ref))).toBe('ok')

    // The owner's own site-wide noindex: refused directly, and the owner can not approve it.
    const defaults = await cast.owner.rpc.pages.get({ ...acme, pagePath: null })
    const noindex = {
      ...acme,
      pagePath: null,
      baseRevisionId: defaults.page.currentRevisionId,
      metadata: { noindex: true },
    }
    await expect(cast.owner.rpc.metadataRevisions.save(noindex)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/two-person rule.*site’s defaults.*change request/),
    })
    const { changeRequestId: ownerRequest } = await cast.owner.rpc.changeRequests.saveDraft(noindex)
    const ownerRef = { organizationSlug: 'acme', changeRequestId: ownerRequest }
    expect(await codeOf(cast.owner.rpc.changeRequests.publish(ownerRef))).toBe('FORBIDDEN')
    expect(
      await codeOf(cast.owner.rpc.changeRequests.review({ ...ownerRef, decision: 'approve' })),
    ).toBe('FORBIDDEN')
    // A member's approval does not count under review; an admin's does.
    expect(
      await codeOf(cast.member.rpc.changeRequests.review({ ...ownerRef, decision: 'approve' })),
    ).toBe('FORBIDDEN')
    await cast.admin.rpc.changeRequests.review({ ...ownerRef, decision: 'approve' })
    // A further draft starts a new request: the approved one stays as it was approved.
    const further = await cast.owner.rpc.changeRequests.saveDraft({
      ...noindex,
      metadata: { noindex: true, title: 'x' },
    })
    expect(further.changeRequestId).not.toBe(ownerRequest)
    const still = await cast.owner.rpc.changeRequests.get(ownerRef)
    expect(still.changeRequest.status).toBe('approved')
    expect(await codeOf(cast.owner.rpc.changeRequests.publish(ownerRef))).toBe('ok')
    expect((await cast.owner.rpc.pages.get({ ...acme, pagePath: '/a' })).served.noindex).toBe(true)
  })

  it('a re-based draft loses its approval', async () => {
    const cast = await siteCast(server.current)
    const [a] = await savedPages(cast, ['/a'])
    const draft = {
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'One' },
    }
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft(draft)
    const ref = { organizationSlug: 'acme', changeRequestId }
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    await cast.member.rpc.changeRequests.rebaseItem({
      ...draft,
      changeRequestId,
      metadata: { title: 'Two' },
    })
    const view = await cast.member.rpc.changeRequests.get(ref)
    expect(view.changeRequest).toMatchObject({ status: 'open', approvedBy: null })
  })
})

describe('scheduled releases', () => {
  it('publishes at its time, once; a rescheduled release does not run at its old time; upcoming releases are listed', async () => {
    const cast = await siteCast(server.current)
    const [a] = await savedPages(cast, ['/a'])
    await insertWebhook(server.current.headmark, cast.site.id, 'https://hooks.example.com/in')
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'At nine' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    await expect(
      cast.member.rpc.changeRequests.schedule({ ...ref, at: new Date(Date.now() - 1000) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    const first = new Date(Date.now() + 1000)
    await cast.member.rpc.changeRequests.schedule({ ...ref, at: first })
    const second = new Date(Date.now() + 2500)
    const rescheduled = await cast.member.rpc.changeRequests.schedule({ ...ref, at: second })
    expect(rescheduled).toMatchObject({ status: 'scheduled', scheduledFor: second })
    const upcoming = await cast.member.rpc.changeRequests.listUpcoming({ organizationSlug: 'acme' })
    expect(upcoming.items.map((i) => i.id)).toEqual([changeRequestId])

    await expect
      .poll(async () => (await cast.member.rpc.changeRequests.get(ref)).changeRequest.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('published')
    const [row] = await server.current.headmark.db
      .select({ publishedAt: changeRequest.publishedAt })
      .from(changeRequest)
      .where(eq(changeRequest.id, changeRequestId))
    expect(row?.publishedAt?.getTime()).toBeGreaterThanOrEqual(second.getTime())
    expect((await revisionsOf(a!.id)).map((r) => r.metadata.title)).toEqual(['Old /a', 'At nine'])
    expect(await messagePaths(cast.site.id)).toEqual(['/a', '/a'])
    expect(
      (await cast.member.rpc.changeRequests.listUpcoming({ organizationSlug: 'acme' })).items,
    ).toEqual([])
    expect((await mails('member@example.com'))[0]?.subject).toContain('published')
    // Headmark published it: one entry by the system, with no client address, in its
    // transaction; the member's draft, the approval and both schedulings are there before it.
    const entries = await auditOf(changeRequestId)
    expect(entries.map((e) => e.action)).toEqual([
      'change_request.draft_saved',
      'change_request.opened',
      'change_request.approved',
      'change_request.scheduled',
      'change_request.scheduled',
      'change_request.published',
    ])
    expect(entries[0]).toMatchObject({
      actorKind: 'person',
      actorLabel: expect.stringContaining('member@example.com'),
      summary: { after: { path: '/a', fields: ['title'] } },
    })
    expect(entries.at(-1)).toMatchObject({
      actorKind: 'system',
      actorLabel: 'Headmark',
      clientAddress: null,
      summary: { after: { scheduledFor: second.toISOString(), applied: 1 } },
    })
  })

  it('a cancelled release publishes nothing', async () => {
    const cast = await siteCast(server.current)
    const [a] = await savedPages(cast, ['/a'])
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'Never' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    await cast.member.rpc.changeRequests.schedule({ ...ref, at: new Date(Date.now() + 600) })
    const cancelled = await cast.member.rpc.changeRequests.cancelSchedule(ref)
    expect(cancelled).toMatchObject({ status: 'open', scheduledFor: null })
    // A later release of another request runs after the cancelled one's time.
    const [b] = await savedPages(cast, ['/b'])
    const { changeRequestId: other } = await cast.admin.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/b',
      baseRevisionId: b!.revisionId,
      metadata: { title: 'Later' },
    })
    await cast.admin.rpc.changeRequests.schedule({
      organizationSlug: 'acme',
      changeRequestId: other,
      at: new Date(Date.now() + 1500),
    })
    await expect
      .poll(
        async () =>
          (
            await cast.admin.rpc.changeRequests.get({
              organizationSlug: 'acme',
              changeRequestId: other,
            })
          ).changeRequest.status,
        { timeout: 30_000, interval: 200 },
      )
      .toBe('published')
    expect((await cast.member.rpc.changeRequests.get(ref)).changeRequest.status).toBe('open')
    expect((await revisionsOf(a!.id)).map((r) => r.metadata.title)).toEqual(['Old /a'])
  })
})

describe('the list', () => {
  it('pages past 100 requests newest first, 50 at a time, without gaps or repeats', async () => {
    const cast = await siteCast(server.current)
    const { db } = server.current.headmark
    const authorId = await userId('member@example.com')
    const base = Date.now() - 1_000_000
    // 130 requests, two of them made in the same millisecond (the id breaks the tie).
    const ids = Array.from({ length: 130 }, (_, i) => `cr-${String(i).padStart(3, '0')}`)
    await db
      .insert(changeSet)
      .values(
        ids.map((id) => ({ id: `cs-${id}`, siteId: cast.site.id, source: 'review' as const })),
      )
    await db.insert(changeRequest).values(
      ids.map((id, i) => ({
        id,
        organizationId: cast.organization.id,
        siteId: cast.site.id,
        changeSetId: `cs-${id}`,
        title: `Request ${i}`,
        authorId,
        createdAt: new Date(base + Math.min(i, 128) * 1000),
      })),
    )
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await cast.member.rpc.changeRequests.list({
        organizationSlug: 'acme',
        limit: 50,
        ...(cursor ? { cursor } : {}),
      })
      seen.push(...page.items.map((item) => item.id))
      cursor = page.nextCursor ?? undefined
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toHaveLength(130)
    expect(new Set(seen).size).toBe(130)
    // Newest first; the two of the same time by id, descending.
    expect(seen.slice(0, 3)).toEqual(['cr-129', 'cr-128', 'cr-127'])
    expect(seen.at(-1)).toBe('cr-000')
    // A cursor of another organization's request, or made up, is refused.
    await expect(
      cast.member.rpc.changeRequests.list({ organizationSlug: 'acme', cursor: 'made-up' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  }, 120_000)
})

describe('hostile text', () => {
  it('titles, descriptions and comments are stored exactly as written or refused with a 4xx', async () => {
    const cast = await siteCast(server.current)
    const [a] = await savedPages(cast, ['/a'])
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/a',
      baseRevisionId: a!.revisionId,
      metadata: { title: 'x' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    for (const text of hostileTexts()) {
      const edge = edgeRefusal(text)
      const title = text.slice(0, 200)
      const body = text.slice(0, 10_000)
      const results: boolean[] = []
      for (const call of [
        () => cast.member.rpc.changeRequests.update({ ...ref, title, description: body }),
        () => cast.admin.rpc.changeRequests.comment({ ...ref, body }),
      ]) {
        try {
          await call()
          results.push(true)
        } catch (error) {
          const code = (error as { code?: string }).code
          if (edge) expect(code).toBe(edge.code)
          else expect(['BAD_REQUEST', 'PAYLOAD_TOO_LARGE']).toContain(code)
          results.push(false)
        }
      }
      const view = await cast.member.rpc.changeRequests.get(ref)
      if (results[0]) {
        expect(view.changeRequest.title).toBe(title.trim())
        expect(view.changeRequest.description).toBe(body.trim() || null)
      }
      if (results[1]) expect(view.comments.at(-1)?.body).toBe(body.trim())
    }
  }, 120_000)
})
