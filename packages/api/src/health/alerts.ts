import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Database } from '../db/client.ts'
import { driftCheck, member, organization, site, user, webhook } from '../db/schema.ts'
import type { Transaction } from '../domain/events.ts'
import { compose, type Email } from '../emails.ts'
import type { Logger } from '../log.ts'
import type { Mailer } from '../mailer.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { ensureQueue, transactionDb } from '../webhooks/queue.ts'
import type { WebhookService } from '../webhooks/worker.ts'
import { CRAWLER_AGENTS } from './drift.ts'

// When pages start or stop drifting: one `metadata_drift` webhook message per check and one
// e-mail per owner and admin listing every page of the check. Both are written in the
// transaction that marks the check alerted — the webhook message as a row, each e-mail as a job
// on the queue — so they are written once, and a process killed after that commit still sends
// them: the queue hands the e-mail jobs to the next instance.

/** The queue of drift alert e-mails: one job per recipient of a check's alert. */
export const DRIFT_EMAIL_QUEUE = 'drift-alert-email'

export interface DriftEmailJob extends Email {
  checkId: string
  to: string
  /** The e-mail's Message-ID, the same on every attempt (absent on jobs queued before it was). */
  messageId?: string
}

/**
 * The Message-ID of a check's alert e-mail to one recipient: the same every time the job runs,
 * so an e-mail sent twice (the instance sending it died after the mail server took it and before
 * the job was marked done, or the server's answer was lost) is one message to the recipient's
 * mail system.
 */
export function driftEmailMessageId(checkId: string, to: string, appUrl: string): string {
  const recipient = createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 16)
  return `<drift-alert.${checkId.replace(/[^\w.-]/g, '')}.${recipient}@${new URL(appUrl).hostname}>`
}

/** The `metadata_drift` webhook body. */
export interface MetadataDriftPayload {
  _type: 'metadata_drift'
  site: { hostname: string; dsn: string }
  /** The check that found the changes. */
  checkId: string
  /**
   * Pages that serve crawlers something else than their metadata since this check. On a site
   * with locales, one entry per language version, with its `locale` (the default locale's
   * included); without locales, `locale` is absent.
   */
  started: Array<{ path: string; locale?: string; agents: string[]; findings: string[] }>
  /** Pages that serve their metadata again (per language version on a site with locales). */
  stopped: Array<{ path: string; locale?: string }>
  timestamp: string
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]

const agentName = (id: string) => CRAWLER_AGENTS.find((agent) => agent.id === id)?.name ?? id

/**
 * Which pages of a check started or stopped drifting since the site's check before it. On a site
 * with locales each language version is a page of its own, compared with the same version in the
 * check before, and named by its `locale`; on a site without locales (results stored with locale
 * '') the entries have no `locale` key, as they always had.
 */
export async function driftChanges(db: Database | Transaction, checkId: string) {
  const rows = rowsOf<{
    path: string
    locale: string
    drifting: boolean
    before: boolean | null
    agents: string[] | null
    findings: string[] | null
  }>(
    await db.execute(sql`
      with current as (
        select c.site_id, c.created_at, r.page_id, r.path, r.locale,
          bool_or(r.drifting) as drifting,
          array_agg(distinct r.agent order by r.agent) filter (where r.drifting) as agents,
          (array_agg(f.message) filter (where f.drift))[1:5] as findings
        from drift_check c
        join drift_result r on r.check_id = c.id
        left join lateral jsonb_to_recordset(r.findings) as f(message text, drift boolean) on true
        where c.id = ${checkId}
        group by c.site_id, c.created_at, r.page_id, r.path, r.locale
      )
      select cur.path, cur.locale, cur.drifting, cur.agents, cur.findings,
        (select bool_or(p.drifting) from drift_result p
          where p.page_id = cur.page_id and p.locale = cur.locale and p.check_id = (
            select c2.id from drift_check c2
            where c2.site_id = cur.site_id and c2.state = 'done' and c2.id <> ${checkId}
              and c2.created_at < cur.created_at
              and exists (select 1 from drift_result r2
                where r2.check_id = c2.id and r2.page_id = cur.page_id and r2.locale = cur.locale)
            order by c2.created_at desc limit 1)) as before
      from current cur
      order by cur.path collate "C", cur.locale collate "C"`),
  )
  // A locale only where there is one: a site without locales gets the entries it always got, key
  // for key. (The delivered body's key order is the stored jsonb's: `locale` after `agents`.)
  const named = (row: { path: string; locale: string }) =>
    row.locale === '' ? { path: row.path } : { path: row.path, locale: row.locale }
  return {
    started: rows
      .filter((row) => row.drifting && row.before !== true)
      .map((row) => ({
        ...named(row),
        agents: (row.agents ?? []).map(agentName),
        findings: [...new Set(row.findings ?? [])],
      })),
    stopped: rows.filter((row) => !row.drifting && row.before === true).map(named),
  }
}

export interface DriftAlerts {
  /** Creates the e-mail queue and starts this instance's sender. */
  start(): Promise<void>
  /**
   * Inside the transaction that marks the check alerted: writes the webhook message and queues
   * the e-mails (nothing when no page started or stopped drifting).
   */
  alert(tx: Transaction, checkId: string): Promise<void>
}

export function createDriftAlerts(options: {
  webhooks: () => Pick<WebhookService, 'enqueueMessage'>
  queue: () => PgBoss
  mailer: Mailer
  appUrl: string
  logger: Pick<Logger, 'warn'>
}): DriftAlerts {
  async function alert(tx: Transaction, checkId: string): Promise<void> {
    const changes = await driftChanges(tx, checkId)
    if (changes.started.length === 0 && changes.stopped.length === 0) return
    const [target] = await tx
      .select({
        id: site.id,
        hostname: site.hostname,
        dsn: site.dsn,
        organizationId: site.organizationId,
      })
      .from(driftCheck)
      .innerJoin(site, eq(site.id, driftCheck.siteId))
      .where(eq(driftCheck.id, checkId))
    if (!target) return
    const hooks = await tx
      .select({ id: webhook.id })
      .from(webhook)
      .where(and(eq(webhook.siteId, target.id), eq(webhook.enabled, true)))
    const payload: MetadataDriftPayload = {
      _type: 'metadata_drift',
      site: { hostname: target.hostname, dsn: target.dsn },
      checkId,
      started: changes.started,
      stopped: changes.stopped,
      timestamp: new Date().toISOString(),
    }
    await options.webhooks().enqueueMessage(tx, {
      siteId: target.id,
      payload: payload as unknown as { _type: string } & Record<string, unknown>,
      webhookIds: hooks.map((hook) => hook.id),
      trigger: 'automatic',
    })
    const people = await tx
      .select({ email: user.email, role: member.role, slug: organization.slug })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.organizationId, target.organizationId))
    const recipients = people.filter((person) => primaryOrganizationRole(person.role) !== 'member')
    for (const person of recipients) {
      const url = new URL(
        `/app/organizations/${person.slug}/sites/${target.hostname}/health`,
        options.appUrl,
      ).href
      await options.queue().send(
        DRIFT_EMAIL_QUEUE,
        {
          checkId,
          to: person.email,
          messageId: driftEmailMessageId(checkId, person.email, options.appUrl),
          ...driftEmail(target.hostname, changes, url),
        } satisfies DriftEmailJob,
        { db: transactionDb(tx), singletonKey: `${checkId} ${person.email}` },
      )
    }
  }

  let workerId: string | null = null
  return {
    alert,
    async start() {
      const boss = options.queue()
      await ensureQueue(boss, DRIFT_EMAIL_QUEUE, {
        // A mail server that is down is tried again for about a day.
        retryLimit: 12,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 300,
        deleteAfterSeconds: 7 * 24 * 3600,
        retentionSeconds: 7 * 24 * 3600,
      })
      if (workerId) return
      workerId = await boss.work<DriftEmailJob>(
        DRIFT_EMAIL_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 2 },
        async ([job]) => {
          if (!job) return
          try {
            await sendDriftEmail(options.mailer, job.data)
          } catch (error) {
            options.logger.warn(
              `[health] a drift e-mail of check ${job.data.checkId} was not sent; it is retried: ${String(error).slice(0, 200)}`,
            )
            throw error
          }
        },
      )
    },
  }
}

/** Sends one queued drift e-mail, under its Message-ID when the job has one. */
export async function sendDriftEmail(mailer: Mailer, job: DriftEmailJob): Promise<void> {
  const { to, subject, text, html, messageId } = job
  await mailer.send({ to, subject, text, html, ...(messageId === undefined ? {} : { messageId }) })
}

/** A page as the e-mail names it: `/pricing`, or `/pricing (de)` for a language version. */
const pageLabel = (page: { path: string; locale?: string }) =>
  page.locale === undefined ? page.path : `${page.path} (${page.locale})`

/** The e-mail of one check's changes. */
export function driftEmail(
  hostname: string,
  changes: Awaited<ReturnType<typeof driftChanges>>,
  url: string,
) {
  const lines: string[] = []
  const { started, stopped } = changes
  if (started.length > 0) {
    lines.push(
      `${started.length === 1 ? 'One page' : `${started.length} pages`} of ${hostname} now ${started.length === 1 ? 'serves' : 'serve'} crawlers something other than ${started.length === 1 ? 'its' : 'their'} metadata:`,
    )
    for (const page of started.slice(0, 20)) {
      lines.push(
        `${pageLabel(page)} (${page.agents.join(', ')}): ${page.findings.slice(0, 2).join(' ')}`,
      )
    }
    if (started.length > 20) lines.push(`…and ${started.length - 20} more.`)
  }
  if (stopped.length > 0) {
    lines.push(
      `${stopped.length === 1 ? 'One page serves' : `${stopped.length} pages serve`} ${stopped.length === 1 ? 'its' : 'their'} metadata again: ${stopped
        .slice(0, 20)
        .map(pageLabel)
        .join(', ')}${stopped.length > 20 ? '…' : ''}`,
    )
  }
  return compose({
    subject:
      started.length > 0
        ? `${hostname}: ${started.length === 1 ? 'a page drifts' : `${started.length} pages drift`} from ${started.length === 1 ? 'its' : 'their'} metadata`
        : `${hostname}: ${stopped.length === 1 ? 'a page serves' : `${stopped.length} pages serve`} ${stopped.length === 1 ? 'its' : 'their'} metadata again`,
    greeting: 'Hello,',
    lines,
    action: { label: 'Open the site’s health', url },
    footer: 'You receive this e-mail as an owner or admin of the organization.',
  })
}
