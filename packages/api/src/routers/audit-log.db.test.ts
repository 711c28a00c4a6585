import { parse } from 'csv-parse/sync'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hostileTexts } from '../../test/corpus.ts'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import type { Visitor } from '../../test/visitor.ts'
import { auditEvent, organization } from '../db/schema.ts'
import { AUDIT_ACTION_NAMES, pruneAuditLog, recordAudit, SYSTEM_ACTOR } from '../domain/audit.ts'
import {
  AUDIT_PRUNE_QUEUE,
  createAuditPrune,
  pruneExpiredAuditLogs,
} from '../operations/audit-prune.ts'

const server = useTestServer()

const acme = { organizationSlug: 'acme' }
const site = { ...acme, siteHostname: 'localhost' }

interface Entry {
  action: string
  actorKind: string
  actorId: string | null
  actorLabel: string
  targetKind: string
  targetId: string | null
  targetLabel: string
  clientAddress: string | null
  summary: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }
}

/** Every entry of the organization, oldest first, read through auditLog.list page by page. */
async function wholeLog(visitor: Visitor, filters = {}): Promise<Entry[]> {
  const entries: Entry[] = []
  let cursor: { occurredAt: Date; id: string } | undefined
  for (;;) {
    const page = await visitor.rpc.auditLog.list({
      ...acme,
      filters,
      limit: 7,
      ...(cursor ? { cursor } : {}),
    })
    entries.push(...page.events)
    if (!page.nextCursor) break
    cursor = page.nextCursor
  }
  return entries.reverse()
}

function count(entries: Entry[], action: string): number {
  return entries.filter((entry) => entry.action === action).length
}

/** Rows of the table, for checks that do not go through the procedures. */
async function rowCount(): Promise<number> {
  const [row] = await server.current.headmark.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvent)
  return row?.n ?? 0
}

describe('the audit log records every action once, with its actor, target and summary', () => {
  it('covers organizations, members, invitations, sites, keys, webhooks, pages, rules, change sets, imports, exports and plans', async () => {
    const { owner, admin, member, organization: org } = await organizationCast(server.current)
    const o = owner.rpc
    await o.billing.subscribe({ ...acme, planId: 'business' })
    await o.organizations.update({ ...acme, name: 'Acme Corp' })
    const members = await o.members.list(acme)
    const memberRow = members.find((m) => m.email === 'member@example.com')!
    const adminRow = members.find((m) => m.email === 'admin@example.com')!
    await o.members.updateRole({ ...acme, memberId: memberRow.id, role: 'admin' })
    await o.members.updateRole({ ...acme, memberId: memberRow.id, role: 'member' })
    const invited = await o.invitations.create({
      ...acme,
      email: 'new@example.com',
      role: 'member',
    })
    await o.invitations.resend({ ...acme, invitationId: invited.id })
    await o.invitations.cancel({ ...acme, invitationId: invited.id })
    await o.sites.create({ ...acme, name: 'Local', hostname: 'localhost' })
    await o.sites.update({ ...site, titleTemplate: '%s | Acme' })
    const key = await o.siteApiKeys.create({ ...site, name: 'Production' })
    await o.siteApiKeys.revoke({ ...site, apiKeyId: key.apiKey.id })
    const hook = await o.webhooks.create({ ...site, url: 'http://localhost:9/hook' })
    await o.webhooks.update({ ...acme, webhookId: hook.id, description: 'Build' })
    await o.webhooks.update({ ...acme, webhookId: hook.id, enabled: false })
    await o.webhooks.update({ ...acme, webhookId: hook.id, enabled: true })
    await o.webhooks.rotateSecret({ ...acme, webhookId: hook.id })
    await o.webhooks.sendTest({ ...acme, webhookId: hook.id })
    await o.webhooks.delete({ ...acme, webhookId: hook.id })
    await o.pages.create({ ...site, path: '/a' })
    const first = await o.metadataRevisions.save({
      ...site,
      pagePath: '/a',
      baseRevisionId: null,
      metadata: { title: 'One' },
    })
    const second = await o.metadataRevisions.save({
      ...site,
      pagePath: '/a',
      baseRevisionId: first.id,
      metadata: { title: 'Two' },
    })
    await o.metadataRevisions.restore({ ...site, pagePath: '/a', metadataRevisionId: first.id })
    const defaults = await o.metadataRevisions.save({
      ...site,
      pagePath: null,
      baseRevisionId: null,
      metadata: { description: 'Defaults' },
    })
    await o.metadataRevisions.restore({ ...site, pagePath: null, metadataRevisionId: defaults.id })
    await o.pages.updatePath({ ...site, pagePath: '/a', path: '/b' })
    const rule = await o.pathRules.create({
      ...site,
      pattern: '/blog/**',
      metadata: { robots: { noindex: true } },
    })
    await o.pathRules.update({
      ...site,
      ruleId: rule.id,
      baseRevisionId: rule.currentRevisionId,
      metadata: { robots: { noindex: false } },
    })
    await o.pathRules.rename({ ...site, ruleId: rule.id, pattern: '/news/**' })
    await o.pathRules.restore({ ...site, ruleId: rule.id, revisionId: rule.currentRevisionId! })
    await o.pathRules.delete({ ...site, ruleId: rule.id })
    const set = await o.changeSets.fromOperation({
      ...site,
      target: { paths: ['/b'] },
      operation: { kind: 'set', field: 'description', value: 'Bulk' },
    })
    await o.changeSets.apply({ ...site, changeSetId: set.id! })
    await o.changeSets.undo({ ...site, changeSetId: set.id! })
    const discarded = await o.changeSets.fromOperation({
      ...site,
      target: { paths: ['/b'] },
      operation: { kind: 'set', field: 'description', value: 'Never' },
    })
    await o.changeSets.discard({ ...site, changeSetId: discarded.id! })
    await o.transfer.import({
      ...site,
      format: 'csv',
      content: 'path,title\n/b,Imported\n',
      note: 'Spring',
    })
    expect((await owner.fetch('/api/export/acme/localhost.csv')).status).toBe(200)
    // A change request: the member drafts, the owner reviews, schedules, cancels and publishes;
    // a second one is closed. The publishing policy is set once.
    await o.changeRequests.updatePolicy({
      organizationSlug: 'acme',
      mode: 'direct',
      twoPersonRule: true,
      largeChangePages: 50,
    })
    const current = await o.pages.get({ ...site, pagePath: '/b' })
    const draft = await member.rpc.changeRequests.saveDraft({
      ...site,
      pagePath: '/b',
      baseRevisionId: current.page.currentRevisionId,
      metadata: { title: 'Drafted' },
    })
    const request = { organizationSlug: 'acme', changeRequestId: draft.changeRequestId }
    await member.rpc.changeRequests.update({ ...request, title: 'Retitle /b' })
    await o.changeRequests.comment({ ...request, body: 'Shorter?' })
    await o.changeRequests.review({ ...request, decision: 'request_changes' })
    await o.changeRequests.review({ ...request, decision: 'approve' })
    await o.changeRequests.schedule({ ...request, at: new Date(Date.now() + 3_600_000) })
    await o.changeRequests.cancelSchedule(request)
    await o.changeRequests.publish(request)
    const other = await member.rpc.changeRequests.saveDraft({
      ...site,
      pagePath: '/b',
      baseRevisionId: null,
      metadata: { title: 'Never' },
    })
    await member.rpc.changeRequests.dropItem({
      organizationSlug: 'acme',
      changeRequestId: other.changeRequestId,
      pagePath: '/b',
    })
    await member.rpc.changeRequests.close({
      organizationSlug: 'acme',
      changeRequestId: other.changeRequestId,
    })
    // An import of one URL (cancelled at once, or over already: nothing answers there).
    const started = await o.imports.start({ ...site, source: 'url', urls: 'http://localhost/c' })
    await o.imports.cancel({ ...site, importId: started.id }).catch(() => undefined)
    // An ownership check, here one that finds no proof (nothing answers there): audited too.
    const check = await o.imports.verifyOwnership({ ...site, homeUrl: 'http://localhost:9/' })
    expect(check.verified).toBe(false)
    await o.pages.delete({ ...site, pagePath: '/b' })
    await o.sites.delete(site)
    await admin.rpc.members.remove({ ...acme, memberId: memberRow.id })
    await admin.rpc.members.leave(acme)
    expect((await owner.fetch('/api/audit/acme.jsonl')).status).toBe(200)
    void adminRow
    void second

    const log = await wholeLog(owner)
    const expected: Record<string, number> = {
      'organization.created': 1,
      'organization.updated': 1,
      'member.role_changed': 2,
      'member.removed': 1,
      'member.left': 1,
      'invitation.sent': 3,
      'invitation.resent': 1,
      'invitation.cancelled': 1,
      'invitation.accepted': 2,
      'invitation.rejected': 0,
      'site.created': 1,
      'site.updated': 1,
      'site.deleted': 1,
      'site.ownership_checked': 1,
      'api_key.created': 1,
      'api_key.revoked': 1,
      'webhook.created': 1,
      'webhook.updated': 1,
      'webhook.paused': 1,
      'webhook.resumed': 1,
      'webhook.secret_rotated': 1,
      'webhook.test_sent': 1,
      'webhook.deleted': 1,
      'page.created': 1,
      'page.renamed': 1,
      'page.deleted': 1,
      'page.revision_saved': 2,
      'page.revision_restored': 1,
      'site_defaults.saved': 1,
      'site_defaults.restored': 1,
      'path_rule.created': 1,
      'path_rule.updated': 1,
      'path_rule.renamed': 1,
      'path_rule.restored': 1,
      'path_rule.deleted': 1,
      'change_set.applied': 1,
      'change_set.undone': 1,
      'change_set.discarded': 1,
      'import.applied': 1,
      'export.downloaded': 1,
      'audit_log.exported': 1,
      'audit_log.pruned': 0,
      'plan.changed': 1,
      'change_request.opened': 2,
      'change_request.draft_saved': 2,
      'change_request.edit_dropped': 1,
      'change_request.updated': 1,
      'change_request.commented': 1,
      'change_request.approved': 1,
      'change_request.changes_requested': 1,
      'change_request.scheduled': 1,
      'change_request.schedule_cancelled': 1,
      'change_request.published': 1,
      'change_request.closed': 1,
      'publishing_policy.changed': 1,
      'site_import.started': 1,
      // Agent connections are audited in src/mcp/mcp-oauth.db.test.ts.
      'agent.connected': 0,
      'agent.revoked': 0,
    }
    expect(Object.keys(expected).sort()).toEqual([...AUDIT_ACTION_NAMES].sort())
    const seen = Object.fromEntries(Object.keys(expected).map((name) => [name, count(log, name)]))
    expect(seen).toEqual(expected)

    // Each entry names the person, from the edge's address, with the target's label.
    const ownerId = (await owner.rpc.auth.getSession())?.user?.id
    const byOwner = log.filter((entry) => entry.actorId === ownerId)
    expect(byOwner.length).toBeGreaterThan(30)
    for (const entry of byOwner) {
      expect(entry).toMatchObject({
        actorKind: 'person',
        actorLabel: 'Olive Owner <owner@example.com>',
        clientAddress: '127.0.0.1',
      })
    }
    const find = (action: string) => log.find((entry) => entry.action === action)!
    expect(find('organization.updated')).toMatchObject({
      targetKind: 'organization',
      targetId: org.id,
      targetLabel: 'Acme Corp',
      summary: { before: { name: 'Acme' }, after: { name: 'Acme Corp' } },
    })
    expect(log.filter((e) => e.action === 'member.role_changed').map((e) => e.summary)).toEqual([
      { before: { role: 'member' }, after: { role: 'admin' } },
      { before: { role: 'admin' }, after: { role: 'member' } },
    ])
    expect(find('member.removed')).toMatchObject({
      actorLabel: 'admin person <admin@example.com>',
      targetKind: 'member',
      targetLabel: 'member person <member@example.com>',
      summary: { before: { role: 'member' } },
    })
    expect(find('member.left')).toMatchObject({
      actorLabel: 'admin person <admin@example.com>',
      targetLabel: 'admin person <admin@example.com>',
    })
    expect(find('site.updated').summary).toEqual({
      before: { titleTemplate: null },
      after: { titleTemplate: '%s | Acme' },
    })
    expect(find('api_key.created')).toMatchObject({
      targetKind: 'api_key',
      targetLabel: 'Production (localhost)',
    })
    // A secret never reaches the log.
    expect(JSON.stringify(log)).not.toContain(key.key)
    expect(JSON.stringify(log)).not.toContain('whsec_')
    expect(find('webhook.paused').summary.after).toEqual({ enabled: false })
    expect(find('page.revision_restored')).toMatchObject({
      targetKind: 'page',
      targetLabel: 'localhost/a',
      summary: { before: { title: 'Two' }, after: { title: 'One', revision: 3 } },
    })
    expect(find('site_defaults.saved')).toMatchObject({
      targetKind: 'site_defaults',
      summary: { before: {}, after: { description: 'Defaults', revision: 1 } },
    })
    expect(find('import.applied')).toMatchObject({
      targetKind: 'change_set',
      targetLabel: 'localhost: Spring',
      summary: { after: { source: 'import', applied: 1 } },
    })
    expect(find('plan.changed').summary).toEqual({
      before: { plan: null },
      after: { plan: 'business', status: 'active', provider: 'self-hosted' },
    })
    void member
    // About fifty actions in a row: more than the default 30 s on a busy machine.
  }, 180_000)

  it('records declining an invitation, and better-auth’s own invitation endpoints, once each', async () => {
    const { owner, organization: org, stranger } = await organizationCast(server.current)
    const invited = await owner.rpc.invitations.create({
      ...acme,
      email: 'sam@example.com',
      role: 'member',
    })
    await stranger.rpc.invitations.reject({ invitationId: invited.id })
    const viaAuth = await owner.post('/api/auth/organization/invite-member', {
      organizationId: org.id,
      email: 'later@example.com',
      role: 'member',
    })
    const { id } = (await viaAuth.json()) as { id: string }
    expect(
      (await owner.post('/api/auth/organization/cancel-invitation', { invitationId: id })).status,
    ).toBe(200)
    const log = await wholeLog(owner)
    expect(count(log, 'invitation.rejected')).toBe(1)
    expect(log.find((e) => e.action === 'invitation.rejected')).toMatchObject({
      actorLabel: 'Sam Stranger <sam@example.com>',
      targetLabel: 'sam@example.com',
    })
    expect(log.filter((e) => e.targetLabel === 'later@example.com').map((e) => e.action)).toEqual([
      'invitation.sent',
      'invitation.cancelled',
    ])
  })
})

describe('entries outlive their actors', () => {
  it('an account deleted: its memberships end as member.left, and its name stays on its entries', async () => {
    const { owner, admin } = await organizationCast(server.current)
    await admin.rpc.organizations.update({ ...acme, name: 'Renamed by admin' })
    const deleted = await admin.post('/api/auth/delete-user', { password: 'correct horse battery' })
    expect(deleted.status).toBe(200)
    const log = await wholeLog(owner)
    const left = log.filter((e) => e.action === 'member.left')
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({
      actorLabel: 'admin person <admin@example.com>',
      targetLabel: 'admin person <admin@example.com>',
      summary: { before: { role: 'admin' }, after: { reason: 'account deleted' } },
    })
    expect(log.find((e) => e.action === 'organization.updated')).toMatchObject({
      actorLabel: 'admin person <admin@example.com>',
    })
  })
})

describe('a failed action leaves no entry', () => {
  it('a duplicate hostname, a bad webhook URL, a conflicting save, a last owner’s role', async () => {
    const { owner } = await organizationCast(server.current)
    await owner.rpc.sites.create({ ...acme, name: 'Local', hostname: 'localhost' })
    const before = await rowCount()
    const refusals = [
      () => owner.rpc.sites.create({ ...acme, name: 'Again', hostname: 'localhost' }),
      () => owner.rpc.sites.create({ ...acme, name: '', hostname: 'x.example' }),
      () => owner.rpc.webhooks.create({ ...site, url: 'ftp://localhost/hook' }),
      () => owner.rpc.organizations.update({ ...acme, slug: 'A B' }),
      () => owner.rpc.members.leave(acme),
      () =>
        owner.rpc.metadataRevisions.save({
          ...site,
          pagePath: null,
          baseRevisionId: 'not-the-current-one',
          metadata: { title: 'x' },
        }),
      () => owner.rpc.invitations.create({ ...acme, email: 'owner@example.com', role: 'member' }),
      // Without a plan, an organization has the Free plan's one site.
      () => owner.rpc.sites.create({ ...acme, name: 'Second', hostname: 'second.example' }),
    ]
    for (const refused of refusals) {
      await expect(refused()).rejects.toMatchObject({ status: expect.any(Number) })
    }
    expect(await rowCount()).toBe(before)
  })

  it('an entry written in a transaction that rolls back is gone with it', async () => {
    const { organization: org } = await organizationCast(server.current)
    const before = await rowCount()
    await expect(
      server.current.headmark.db.transaction(async (tx) => {
        await recordAudit(tx, {
          organizationId: org.id,
          actor: SYSTEM_ACTOR,
          action: 'site.created',
          target: { kind: 'site', id: 'x', label: 'x.example' },
        })
        expect(await tx.select({ id: auditEvent.id }).from(auditEvent)).toHaveLength(before + 1)
        throw new Error('The action failed after recording.')
      }),
    ).rejects.toThrow('The action failed after recording.')
    expect(await rowCount()).toBe(before)
  })
})

describe('append-only', () => {
  it('refuses UPDATE and DELETE of an entry, for the application’s connection', async () => {
    const { owner } = await organizationCast(server.current)
    const db = server.current.headmark.db
    const [entry] = await db.select().from(auditEvent).limit(1)
    expect(entry).toBeDefined()
    await expect(
      db.update(auditEvent).set({ actorLabel: 'Nobody' }).where(eq(auditEvent.id, entry!.id)),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('append-only') } })
    await expect(db.delete(auditEvent).where(eq(auditEvent.id, entry!.id))).rejects.toMatchObject({
      cause: { message: expect.stringContaining('append-only') },
    })
    // A prune may not remove recent entries either.
    const organizationId = entry!.organizationId
    await expect(pruneAuditLog(db, organizationId, new Date(Date.now() + 1000))).rejects.toThrow()
    const [still] = await db.select().from(auditEvent).where(eq(auditEvent.id, entry!.id))
    expect(still).toEqual(entry)
    void owner
  })

  it('lets a prune remove entries past the history, and nothing newer', async () => {
    const { organization: org } = await organizationCast(server.current)
    const db = server.current.headmark.db
    const old = new Date(Date.now() - 400 * 86_400_000)
    await db.insert(auditEvent).values({
      id: 'old-entry',
      organizationId: org.id,
      occurredAt: old,
      actorKind: 'system',
      actorLabel: 'Headmark',
      action: 'plan.changed',
      targetKind: 'organization',
    })
    const before = await rowCount()
    expect(await pruneAuditLog(db, org.id, new Date(Date.now() - 365 * 86_400_000))).toBe(1)
    // One entry gone, one written: the prune, by Headmark.
    expect(await rowCount()).toBe(before)
    const [gone] = await db.select().from(auditEvent).where(eq(auditEvent.id, 'old-entry'))
    expect(gone).toBeUndefined()
    const [record] = await db
      .select({ actorKind: auditEvent.actorKind, summary: auditEvent.summary })
      .from(auditEvent)
      .where(eq(auditEvent.action, 'audit_log.pruned'))
    expect(record).toMatchObject({ actorKind: 'system', summary: { after: { deleted: 1 } } })
  })

  it('the daily job deletes each organization’s entries past its own plan’s history, and records it', async () => {
    const { owner, organization: acmeOrg } = await organizationCast(server.current)
    const other = await owner.rpc.organizations.create({ name: 'Other', slug: 'other' })
    // Acme keeps the Free plan's 30 days; Other the Starter plan's 90.
    await owner.rpc.billing.subscribe({ organizationSlug: 'other', planId: 'starter' })
    const db = server.current.headmark.db
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
    const entry = (id: string, organizationId: string, days: number) => ({
      id,
      organizationId,
      occurredAt: daysAgo(days),
      actorKind: 'system' as const,
      actorLabel: 'Headmark',
      action: 'plan.changed',
      targetKind: 'organization',
    })
    await db
      .insert(auditEvent)
      .values([
        entry('acme-40', acmeOrg.id, 40),
        entry('acme-10', acmeOrg.id, 10),
        entry('other-40', other.id, 40),
        entry('other-400', other.id, 400),
      ])
    const deletedCount = await pruneExpiredAuditLogs(db)
    const ids = (await db.select({ id: auditEvent.id }).from(auditEvent)).map((r) => r.id)
    expect(ids.filter((id) => /^(acme|other)-/.test(id)).sort()).toEqual(['acme-10', 'other-40'])
    expect(deletedCount).toBe(2)
    expect(ids).not.toContain('acme-40')
    expect(ids).not.toContain('other-400')
    expect(ids).toEqual(expect.arrayContaining(['acme-10', 'other-40']))
    const pruned = await db
      .select({ organizationId: auditEvent.organizationId, summary: auditEvent.summary })
      .from(auditEvent)
      .where(eq(auditEvent.action, 'audit_log.pruned'))
    expect(pruned.map((p) => [p.organizationId, p.summary.after?.deleted]).sort()).toEqual(
      [
        [acmeOrg.id, 1],
        [other.id, 1],
      ].sort(),
    )
    // A second run finds nothing more to delete, and records nothing.
    expect(await pruneExpiredAuditLogs(db)).toBe(0)

    // The job is queued on the process's pg-boss once, however many instances start it.
    const boss = server.current.headmark.webhooks.jobQueue()
    const prune = createAuditPrune({ db, queue: () => boss, logger: console })
    await prune.start()
    await prune.start()
    const jobs = await db.execute(
      sql`select start_after from pgboss.job where name = ${AUDIT_PRUNE_QUEUE} and state = 'created'`,
    )
    const rows = (Array.isArray(jobs) ? jobs : (jobs as { rows: unknown[] }).rows) as Array<{
      start_after: Date | string
    }>
    expect(rows).toHaveLength(1)
    expect(new Date(rows[0]!.start_after).getTime()).toBeGreaterThan(Date.now())
  })

  it('deleting an organization deletes its log (and only its own)', async () => {
    const { owner, organization: org } = await organizationCast(server.current)
    const other = await owner.rpc.organizations.create({ name: 'Other', slug: 'other' })
    const db = server.current.headmark.db
    const ofOther = () =>
      db
        .select({ id: auditEvent.id })
        .from(auditEvent)
        .where(eq(auditEvent.organizationId, other.id))
    expect((await ofOther()).length).toBe(1)
    await owner.rpc.organizations.delete({ organizationSlug: 'other', confirmSlug: 'other' })
    expect(await ofOther()).toEqual([])
    const [gone] = await db.select().from(organization).where(eq(organization.id, other.id))
    expect(gone).toBeUndefined()
    const ofAcme = await db
      .select({ id: auditEvent.id })
      .from(auditEvent)
      .where(and(eq(auditEvent.organizationId, org.id)))
    expect(ofAcme.length).toBeGreaterThan(0)
  })
})

describe('the client address is the edge’s', () => {
  it('ignores X-Forwarded-For and x-headmark-client-address sent by the client', async () => {
    const { owner } = await organizationCast(server.current)
    const response = await owner.fetch('/api/rpc/organizations/update', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
        'x-real-ip': '203.0.113.10',
        'x-headmark-client-address': '203.0.113.11',
      },
      body: JSON.stringify({ json: { ...acme, name: 'Renamed' } }),
    })
    expect(response.status).toBe(200)
    const [entry] = (await owner.rpc.auditLog.list({ ...acme, limit: 1 })).events
    expect(entry).toMatchObject({ action: 'organization.updated', clientAddress: '127.0.0.1' })
  })
})

describe('filters and paging', () => {
  it('filters by actor, action, family, target and time; pages newest first without gaps', async () => {
    const { owner, admin } = await organizationCast(server.current)
    await owner.rpc.billing.subscribe({ ...acme, planId: 'business' })
    const start = new Date()
    for (let n = 0; n < 12; n++) {
      await owner.rpc.sites.create({ ...acme, name: `Site ${n}`, hostname: `s${n}.example` })
    }
    await admin.rpc.sites.update({ ...acme, siteHostname: 's3.example', name: 'Third' })
    const adminId = (await admin.rpc.auth.getSession())?.user?.id ?? ''
    const all = await owner.rpc.auditLog.list({ ...acme, limit: 200 })
    const times = all.events.map((e) => e.occurredAt.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const paged = await wholeLog(owner)
    expect(paged.map((e) => e.action).reverse()).toEqual(all.events.map((e) => e.action))

    const byAdmin = await owner.rpc.auditLog.list({ ...acme, filters: { actorId: adminId } })
    expect(byAdmin.events.map((e) => e.action)).toEqual(['site.updated', 'invitation.accepted'])
    const created = await owner.rpc.auditLog.list({ ...acme, filters: { action: 'site.created' } })
    expect(created.events).toHaveLength(12)
    const family = await owner.rpc.auditLog.list({ ...acme, filters: { action: 'site.' } })
    expect(family.events).toHaveLength(13)
    const third = byAdmin.events[0]!
    const target = await owner.rpc.auditLog.list({
      ...acme,
      filters: { targetKind: 'site', targetId: third.targetId! },
    })
    expect(target.events.map((e) => e.action)).toEqual(['site.updated', 'site.created'])
    const since = await owner.rpc.auditLog.list({ ...acme, filters: { from: start } })
    expect(since.events).toHaveLength(13)
    const until = await owner.rpc.auditLog.list({
      ...acme,
      filters: { to: new Date(start.getTime() - 1) },
    })
    expect(until.events.every((e) => e.occurredAt < start)).toBe(true)
    await expect(
      owner.rpc.auditLog.list({ ...acme, filters: { action: 'site.exploded' } }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Pick an action') })
    await expect(
      owner.rpc.auditLog.list({ ...acme, filters: { from: new Date(), to: start } }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'The start of the time range is after its end.',
    })
  })

  it('hides entries older than the plan’s history', async () => {
    const { owner, organization: org } = await organizationCast(server.current)
    await server.current.headmark.db.insert(auditEvent).values({
      id: 'ancient',
      organizationId: org.id,
      occurredAt: new Date(Date.now() - 40 * 86_400_000),
      actorKind: 'system',
      actorLabel: 'Headmark',
      action: 'plan.changed',
      targetKind: 'organization',
    })
    const free = await owner.rpc.auditLog.list(acme)
    expect(free.retentionDays).toBe(30)
    expect(free.events.map((e) => e.id)).not.toContain('ancient')
    await owner.rpc.billing.subscribe({ ...acme, planId: 'starter' })
    const starter = await owner.rpc.auditLog.list({ ...acme, limit: 200 })
    expect(starter.retentionDays).toBe(90)
    expect(starter.events.map((e) => e.id)).toContain('ancient')
  })
})

describe('export', () => {
  it('streams CSV and JSON Lines with the filters, and records the export', async () => {
    const { owner } = await organizationCast(server.current)
    await owner.rpc.organizations.update({ ...acme, name: 'Acme Corp' })
    const csv = await owner.fetch('/api/audit/acme.csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="acme-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows = parse(await csv.text(), { bom: true, columns: true }) as Array<
      Record<string, string>
    >
    // The export itself is recorded first, so it is the newest entry of what it exports.
    expect(rows[0]).toMatchObject({ action: 'audit_log.exported' })
    expect(rows[1]).toMatchObject({
      action: 'organization.updated',
      actor: 'Olive Owner <owner@example.com>',
      client_address: '127.0.0.1',
      before: '{"name":"Acme"}',
      after: '{"name":"Acme Corp"}',
    })
    const lines = await owner.fetch('/api/audit/acme.jsonl?action=invitation.')
    expect(lines.headers.get('content-type')).toBe('application/jsonl; charset=utf-8')
    const parsed = (await lines.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string })
    expect(parsed.map((p) => p.action)).toEqual([
      'invitation.accepted',
      'invitation.sent',
      'invitation.accepted',
      'invitation.sent',
    ])
    const log = await wholeLog(owner, { action: 'audit_log.exported' })
    expect(log.map((e) => e.summary.after)).toEqual([
      { format: 'csv', filters: {} },
      { format: 'jsonl', filters: { action: 'invitation.' } },
    ])
    expect((await owner.fetch('/api/audit/acme.jsonl?action=nope')).status).toBe(400)
    expect((await owner.fetch('/api/audit/acme.xml')).status).toBe(404)
    expect((await owner.fetch('/api/audit/acme.csv', { method: 'POST' })).status).toBe(405)
  })

  it('hostile strings in labels and summaries survive the list and both exports', async () => {
    const { owner } = await organizationCast(server.current)
    await owner.rpc.sites.create({ ...acme, name: 'Local', hostname: 'localhost' })
    const names: string[] = []
    for (const text of hostileTexts()) {
      const name = text.slice(0, 100)
      try {
        const created = await owner.rpc.siteApiKeys.create({ ...site, name })
        await owner.rpc.siteApiKeys.revoke({ ...site, apiKeyId: created.apiKey.id })
        names.push(name)
      } catch (error) {
        // Refused names are a 400 with a message, never a 500.
        expect(error).toMatchObject({ status: 400 })
      }
    }
    expect(names.length).toBeGreaterThan(10)
    const listed = (await wholeLog(owner, { action: 'api_key.created' })).map(
      (e) => e.summary.after?.name,
    )
    expect(listed).toEqual(names)

    const csv = parse(
      await (await owner.fetch('/api/audit/acme.csv?action=api_key.created')).text(),
      {
        bom: true,
        columns: true,
        relax_column_count: false,
      },
    ) as Array<Record<string, string>>
    const fromCsv = csv.reverse().map((row) => {
      // A formula-looking cell carries one leading quote, as the pages export does.
      expect(row.actor).toBe('Olive Owner <owner@example.com>')
      return (JSON.parse(row.after!.replace(/^'(?=[=+\-@\t\r])/, '')) as { name: string }).name
    })
    expect(fromCsv).toEqual(names)
    for (const row of csv) {
      for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
    }
    const jsonl = (await (await owner.fetch('/api/audit/acme.jsonl?action=api_key.created')).text())
      .trim()
      .split('\n')
      .map(
        (line) => (JSON.parse(line) as { summary: { after: { name: string } } }).summary.after.name,
      )
    expect(jsonl.reverse()).toEqual(names)
    // Two calls per hostile string (about 200): long on a busy machine.
  }, 120_000)
})
