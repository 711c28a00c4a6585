import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from '@playwright/test'
import {
  addColleague,
  editorUrl,
  hydrated,
  openHydrated,
  organizationWithSite,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
} from './helpers.ts'

/** A webhook receiver on a random loopback port (the test server allows loopback). */
async function startReceiver(): Promise<{ server: Server; port: number; bodies: string[] }> {
  const bodies: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'))
      response.setHeader('content-type', 'application/json')
      response.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port, bodies }
}

/** A local date-time input's value, `seconds` from now. */
function secondsAhead(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000)
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
}

test('a member drafts three pages, an admin reviews and schedules them, they go live at their time with one webhook message per page; a member’s site-wide noindex needs a second approver', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000)
  const receiver = await startReceiver()
  try {
    await signUpAndVerify(page, uniqueEmail('owner'), 'Olga Owner')
    const hostname = 'localhost'
    const slug = await organizationWithSite(page, 'Launchers', hostname)
    const paths = ['/one', '/two', '/three']
    for (const path of paths) {
      await rpc(page, 'pages/create', { organizationSlug: slug, siteHostname: hostname, path })
    }
    await rpc(page, 'webhooks/create', {
      organizationSlug: slug,
      siteHostname: hostname,
      url: `http://localhost:${receiver.port}/hook`,
      description: 'Launch receiver',
    })
    const admin = await addColleague(browser, page, slug, 'admin', 'Ada Admin')
    const member = await addColleague(browser, page, slug, 'member', 'Mo Member')

    // The owner asks for review and turns the two-person rule on, in the organization's settings.
    await openHydrated(page, `/app/organizations/${slug}/settings`)
    const policy = page.getByRole('form', { name: 'Publishing policy' })
    await policy
      .getByRole('combobox')
      .selectOption({ label: 'Members propose, owners and admins approve' })
    await policy.getByRole('switch').click()
    await policy.getByRole('button', { name: 'Save publishing policy' }).click()
    await expect(page.getByText('Publishing policy saved.')).toBeVisible()
    await shoot(page, 'settings')

    // The member drafts each page: nothing is published.
    for (const path of paths) {
      await openHydrated(member, editorUrl(slug, hostname, path))
      await member.getByRole('textbox', { name: 'Title' }).fill(`Launch ${path}`)
      await member.getByRole('button', { name: 'Save as draft' }).click()
      await expect(member.getByText('Saved as a draft, not published')).toBeVisible()
    }
    await shoot(member, 'editor-drafted')
    await member.getByRole('link', { name: 'Open the change request' }).click()
    await expect(member.getByRole('heading', { level: 1 })).toContainText('Changes to localhost')
    const requestUrl = member.url()
    await hydrated(member)
    await member.getByRole('textbox', { name: 'Title' }).fill('Spring launch')
    await member.getByRole('checkbox', { name: /Ada Admin/ }).click()
    await member.getByRole('button', { name: 'Save and ask for review' }).click()
    await expect(member.getByRole('heading', { level: 1 })).toContainText('Spring launch')
    // A member can not publish under review.
    await expect(member.getByRole('button', { name: 'Publish now' })).toHaveCount(0)

    // The admin comments, asks for changes, then approves.
    await openHydrated(admin, requestUrl)
    await expect(admin.getByRole('heading', { level: 3, name: '/two' })).toBeVisible()
    await admin.getByRole('textbox', { name: 'Comment' }).fill('Should /three say “launch” too?')
    await admin.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(admin.getByText('Should /three say “launch” too?')).toBeVisible()
    await admin.getByRole('button', { name: 'Request changes' }).click()
    await expect(
      admin.getByRole('region', { name: 'Discussion' }).getByText('asked for changes'),
    ).toBeVisible()
    await admin.getByRole('button', { name: 'Approve' }).click()
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('Approved')
    await shoot(admin, 'detail-approved')

    // Scheduled a few seconds ahead (time enough to see it listed as upcoming), then it goes live
    // by itself.
    const before = receiver.bodies.length
    await admin.getByLabel('Release at').fill(secondsAhead(15))
    await admin.getByRole('button', { name: 'Schedule' }).click()
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('Scheduled')
    await openHydrated(admin, `/app/organizations/${slug}/change-requests`)
    await expect(
      admin.getByRole('region', { name: 'Upcoming releases' }).getByText('Spring launch'),
    ).toBeVisible()
    await shoot(admin, 'upcoming')
    await expect
      .poll(
        async () => {
          const detail = await rpc<{ changeRequest: { status: string } }>(
            admin,
            'changeRequests/get',
            { organizationSlug: slug, changeRequestId: requestUrl.split('/').at(-1) },
          )
          return detail.changeRequest.status
        },
        { timeout: 60_000 },
      )
      .toBe('published')
    await expect.poll(() => receiver.bodies.length - before, { timeout: 60_000 }).toBe(3)
    const released = receiver.bodies
      .slice(before)
      .map((body) => JSON.parse(body) as { path: string; metadata: { title?: string } })
    expect(released.map((message) => message.path).sort()).toEqual(['/one', '/three', '/two'])
    for (const message of released) expect(message.metadata.title).toBe(`Launch ${message.path}`)
    await openHydrated(admin, requestUrl)
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('Published')

    // The owner's audit log shows each step, the release by Headmark itself, and exports them.
    await openHydrated(page, `/app/organizations/${slug}/audit`)
    const log = page.getByRole('table', { name: 'Audit log entries, newest first' })
    const rowsOf = (text: string) => log.getByRole('row').filter({ hasText: text })
    await expect(rowsOf('Draft saved in a change request')).toHaveCount(3)
    for (const step of [
      'Change request opened',
      'Change request edited',
      'Change request commented on',
      'Changes requested on a change request',
      'Change request approved',
      'Change request release scheduled',
    ]) {
      await expect(rowsOf(step)).toHaveCount(1)
    }
    await expect(rowsOf('Change request published')).toHaveCount(1)
    await expect(rowsOf('Change request published')).toContainText('Headmark')
    await expect(rowsOf('Change request approved')).toContainText('Ada Admin')
    await expect(rowsOf('Draft saved in a change request').first()).toContainText('Mo Member')
    await shoot(page, 'audit-log')
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    const csv = readFileSync(await saved.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
    const lines = csv.split(/\r\n/)
    const linesOf = (action: string) => lines.filter((line) => line.includes(`,${action},`))
    expect(linesOf('change_request.draft_saved')).toHaveLength(3)
    for (const action of [
      'change_request.opened',
      'change_request.updated',
      'change_request.commented',
      'change_request.changes_requested',
      'change_request.approved',
      'change_request.scheduled',
      'change_request.published',
    ]) {
      expect(linesOf(action)).toHaveLength(1)
    }
    // Published by the queue: the system actor, no client address.
    expect(linesOf('change_request.published')[0]).toMatch(/^[^,]+,system,,Headmark,/)
    expect(linesOf('change_request.approved')[0]).toContain('Ada Admin')

    // The member's site-wide noindex is refused: it needs a second approver.
    await openHydrated(member, editorUrl(slug, hostname, null))
    await member.getByRole('switch', { name: 'Hide from search engines (noindex)' }).click()
    await member.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(member.getByText(/two-person rule/)).toBeVisible()
    await expect(member.getByText(/change request/).first()).toBeVisible()
    const defaults = await rpc<{ served: { noindex?: boolean } }>(member, 'pages/get', {
      organizationSlug: slug,
      siteHostname: hostname,
      pagePath: null,
    })
    expect(defaults.served.noindex).toBeUndefined()
  } finally {
    receiver.server.closeAllConnections()
    receiver.server.close()
  }
})
