import { expect, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import {
  addColleague,
  choosePlan,
  openHydrated,
  organizationWithSite,
  rpc,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
  url,
} from './helpers.ts'

/**
 * "Every page at once" in the browser: a site of 2,000 pages (imported through RPC), opened as a
 * table by a member, filtered to the 300 pages without a description, given one with "Set field"
 * and reworded with find & replace, reviewed and applied as one change set: each page gets one
 * new revision, the public API serves it, and the Changes screen undoes it. Cells edit with the
 * keyboard and keep hostile text as text; a stranger finds nothing at the table's address.
 */

const PAGES = 2000
const path = (index: number) => `/p/${String(index).padStart(4, '0')}`
/** Three pages in twenty have no description: 300 of 2,000. */
const withoutDescription = (index: number) => index % 20 < 3

const hostileStrings = JSON.parse(
  readFileSync(new URL('../../../packages/api/test/hostile-strings.json', import.meta.url), 'utf8'),
) as Record<string, string[]>
/** One of each kind a cell may meet: markup, JSON/SQL, right-to-left text. */
const chosen = [
  hostileStrings.markup?.[3],
  hostileStrings.json_and_sql?.[0],
  hostileStrings.control_and_unicode?.[9],
] as string[]

async function served(page: Page, dsn: string, pagePath: string) {
  const answer = await page.request.get(
    url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent(pagePath)}`),
  )
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { metadata: Record<string, unknown> }).metadata
}

const countStatus = (page: Page) => page.locator('.hm-bulk-editor__count')

test('a member edits every page without a description at once; the change set is undone', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  const hostname = 'bulk.example'
  await signUpAndVerify(page, uniqueEmail('bulk-owner'), 'Olive Owner')
  const slug = uniqueSlug('bulk')
  await rpc(page, 'organizations/create', { name: 'Bulk Co', slug })
  // The Team plan holds 5,000 pages per site.
  await choosePlan(page, slug, 'team')
  await rpc(page, 'sites/create', { organizationSlug: slug, name: 'Bulk', hostname })
  const site = { organizationSlug: slug, siteHostname: hostname }

  const lines = ['path,title,description']
  for (let index = 0; index < PAGES; index++)
    lines.push(
      `${path(index)},Page ${index},${withoutDescription(index) ? '' : `About page ${index}`}`,
    )
  const imported = await rpc<{ applied: number; created: number; changeSetId: string }>(
    page,
    'transfer/import',
    { ...site, format: 'csv', content: lines.join('\n'), createMissing: true, note: 'Seed' },
  )
  expect(imported.created).toBe(PAGES)
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', site)
  expect((await served(page, dsn, path(0))).description).toBeUndefined()

  // A member, not only the owner, works in the table.
  const member = await addColleague(browser, page, slug, 'member', 'Mia Member')
  await openHydrated(member, `/app/organizations/${slug}/sites/${hostname}`)
  await member
    .getByRole('navigation', { name: 'Show pages as' })
    .getByRole('link', { name: 'Table' })
    .click()
  await expect(member).toHaveURL(new RegExp(`/sites/${hostname}/bulk`))
  await expect(countStatus(member)).toContainText('2,000 pages')

  await test.step('filter: missing description → 300 pages, kept in the address', async () => {
    await member.getByLabel('Missing').selectOption({ label: 'Description' })
    await expect(member).toHaveURL(/missing=description/)
    await expect(countStatus(member)).toContainText(/^300 pages/)
  })

  await test.step('"Set field" over the 300, then find & replace in what was set', async () => {
    await member.getByRole('button', { name: 'Set field' }).click()
    const setDialog = member.getByRole('dialog', { name: 'Set a field' })
    await setDialog.getByLabel('Field').selectOption({ label: 'Description' })
    await setDialog.getByLabel('Value (leave empty to clear)').fill('Fresh summary of this page')
    await expect(setDialog.getByText('300 pages of 300 pages would change.')).toBeVisible()
    await setDialog.getByRole('button', { name: 'Set on 300 pages' }).click()
    await expect(setDialog).toBeHidden()
    await expect(member.getByText('300 pages changed')).toBeVisible()

    await member.getByRole('button', { name: 'Find and replace' }).click()
    const replaceDialog = member.getByRole('dialog', { name: 'Find and replace' })
    await replaceDialog.getByLabel('Find').fill('Fresh')
    await replaceDialog.getByLabel('Replace with').fill('Updated')
    await expect(
      replaceDialog.getByText('Found on 300 pages; 300 pages would change.'),
    ).toBeVisible()
    await replaceDialog.getByRole('button', { name: 'Replace on 300 pages' }).click()
    await expect(replaceDialog).toBeHidden()
    await expect(member.getByText('300 pages changed')).toBeVisible()
  })

  await test.step('review shows the diffs; apply → a toast with the count', async () => {
    await member.getByRole('button', { name: 'Review changes' }).click()
    const review = member.getByRole('dialog', { name: 'Review changes' })
    await expect(review.getByText('300 pages will get a new revision.')).toBeVisible()
    await expect(review.getByRole('heading', { name: path(0) })).toBeVisible()
    await expect(review.getByText('Updated summary of this page').first()).toBeVisible()
    await review.getByLabel('Note (optional, saved with each revision)').fill('Describe the rest')
    await review.getByRole('button', { name: 'Apply 300 changes' }).click()
    await expect(member.getByText('300 pages changed.')).toBeVisible()
    await expect(review.getByText('Applied 300 pages')).toBeVisible()
    await member.keyboard.press('Escape')
    await expect(member.getByText('300 pages changed', { exact: true })).toBeHidden()
    // Described now, they leave the filter.
    await expect(
      member.getByRole('heading', { name: 'No pages match these filters' }),
    ).toBeVisible()
  })

  await test.step('each page got exactly one new revision; the public API serves it', async () => {
    for (const index of [0, 1, 22, 1999 - (1999 % 20)]) {
      expect(withoutDescription(index)).toBe(true)
      const revisions = await rpc<{
        items: Array<{ source: string; changeSet: { note: string | null } | null }>
      }>(member, 'metadataRevisions/list', { ...site, pagePath: path(index) })
      expect(revisions.items.map((revision) => revision.source)).toEqual(['bulk', 'import'])
      expect(revisions.items[0]?.changeSet?.note).toBe('Describe the rest')
    }
    // A page that had a description was left alone.
    const untouched = await rpc<{ items: unknown[] }>(member, 'metadataRevisions/list', {
      ...site,
      pagePath: path(5),
    })
    expect(untouched.items).toHaveLength(1)
    await expect
      .poll(async () => (await served(member, dsn, path(0))).description)
      .toBe('Updated summary of this page')
    expect((await served(member, dsn, path(5))).description).toBe('About page 5')
  })

  await test.step('the page’s history says "Bulk edit" with the note', async () => {
    await openHydrated(
      member,
      `/app/organizations/${slug}/sites/${hostname}/page?path=${encodeURIComponent(path(0))}`,
    )
    await expect(member.getByRole('link', { name: 'Bulk edit: Describe the rest' })).toBeVisible()
    await expect(member.getByText('Imported: Seed')).toBeVisible()
  })

  await test.step('keyboard: arrow to a cell, Enter, type, Enter; ⌘/Ctrl+Z undoes it', async () => {
    await openHydrated(
      page,
      `/app/organizations/${slug}/sites/${hostname}/bulk?pathPrefix=%2Fp%2F0005`,
    )
    await expect(countStatus(page)).toContainText(/^1 page/)
    await page.getByRole('rowheader', { name: path(5) }).click()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    const input = page.getByRole('textbox', { name: `Title of ${path(5)}` })
    await expect(input).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Typed in the table')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('gridcell', { name: /Typed in the table/ })).toBeVisible()
    await expect(page.getByText('1 page changed')).toBeVisible()

    // Leaving with a pending change asks first.
    await page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'Changes' })
      .click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await expect(leave).toBeVisible()
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click()
    await expect(page).toHaveURL(/\/bulk/)

    await page.getByRole('gridcell', { name: /Typed in the table/ }).click()
    await page.keyboard.press('ControlOrMeta+z')
    await expect(page.getByText('1 page changed')).toBeHidden()
    await expect(page.getByRole('gridcell', { name: 'Page 5', exact: true })).toBeVisible()
  })

  await test.step('hostile strings typed into cells round-trip as text', async () => {
    expect(chosen.every((text) => typeof text === 'string' && text.length > 0)).toBe(true)
    let alerted = false
    page.on('dialog', (dialog) => {
      alerted = true
      void dialog.dismiss()
    })
    await openHydrated(
      page,
      `/app/organizations/${slug}/sites/${hostname}/bulk?pathPrefix=%2Fp%2F001`,
    )
    await expect(countStatus(page)).toContainText(/^10 pages/)
    await page.getByRole('rowheader', { name: path(10) }).click()
    await page.keyboard.press('ArrowRight')
    for (const text of chosen) {
      await page.keyboard.press('Enter')
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(text)
      // Enter commits and moves down a row.
      await page.keyboard.press('Enter')
    }
    await expect(page.getByText('3 pages changed')).toBeVisible()
    await page.getByRole('button', { name: 'Review changes' }).click()
    const review = page.getByRole('dialog', { name: 'Review changes' })
    await review.getByRole('button', { name: 'Apply 3 changes' }).click()
    await expect(review.getByText('Applied 3 pages')).toBeVisible()
    await page.keyboard.press('Escape')

    await openHydrated(
      page,
      `/app/organizations/${slug}/sites/${hostname}/bulk?pathPrefix=%2Fp%2F001`,
    )
    for (const [offset, text] of chosen.entries()) {
      await expect(
        page.locator(`[data-cell="${offset}:2"] .hm-bulk-editor__value`),
        text,
      ).toHaveText(text)
      const revisions = await rpc<{ items: Array<{ id: string }> }>(
        page,
        'metadataRevisions/list',
        {
          ...site,
          pagePath: path(10 + offset),
        },
      )
      const latest = await rpc<{ metadata: { title?: string } }>(page, 'metadataRevisions/get', {
        ...site,
        pagePath: path(10 + offset),
        metadataRevisionId: revisions.items[0]?.id,
      })
      expect(latest.metadata.title).toBe(text)
    }
    expect(alerted).toBe(false)
  })

  await test.step('the Changes screen undoes the bulk edit', async () => {
    await openHydrated(page, `/app/organizations/${slug}/sites/${hostname}/changes`)
    const row = page.getByRole('row').filter({ hasText: 'Describe the rest' })
    await expect(row).toContainText('300 pages')
    await expect(page.getByRole('row').filter({ hasText: 'Seed' })).toContainText('Import')
    await row.getByRole('link', { name: 'Bulk edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Bulk edit/ })).toBeVisible()
    const first = page.locator('.change-set-item').first()
    await expect(first).toContainText(path(0))
    await expect(first).toContainText('Applied')
    await expect(first).toContainText('Updated summary of this page')
    await expect(page.locator('.change-set-item')).toHaveCount(50)
    await page.getByRole('button', { name: 'Show more pages' }).click()
    await expect(page.locator('.change-set-item')).toHaveCount(100)

    const before = page.url()
    await page.getByRole('button', { name: 'Undo this change set' }).click()
    const confirm = page.getByRole('dialog', { name: 'Undo this change set?' })
    await confirm.getByRole('button', { name: 'Undo the change set' }).click()
    await expect(page).not.toHaveURL(before)
    await expect(page.getByRole('heading', { level: 1, name: /Undo/ })).toBeVisible()
    await expect(page.getByText('This undoes an earlier change set.')).toBeVisible()
    await expect.poll(async () => (await served(page, dsn, path(0))).description).toBeUndefined()
    expect((await served(page, dsn, path(5))).description).toBe('About page 5')
  })

  await test.step('a stranger finds nothing at the table’s address', async () => {
    const stranger = await (await browser.newContext()).newPage()
    await signUpAndVerify(stranger, uniqueEmail('bulk-stranger'), 'Sam Stranger')
    const own = await organizationWithSite(stranger, 'Elsewhere', 'elsewhere.example')
    // Another organization's address leads to the stranger’s own organizations, showing nothing of it.
    await openHydrated(stranger, `/app/organizations/${slug}/sites/${hostname}/bulk`)
    await expect(stranger).toHaveURL(/\/app\/organizations$/)
    await expect(stranger.getByRole('grid')).toHaveCount(0)
    await expect(stranger.getByText('Bulk Co')).toHaveCount(0)
    // The site's hostname under the stranger's own organization: the site's not-found view.
    const response = await openHydrated(
      stranger,
      `/app/organizations/${own}/sites/${hostname}/bulk`,
    )
    expect(response?.status()).toBe(404)
    await expect(stranger.getByRole('heading', { name: 'Site not found' })).toBeVisible()
    await expect(stranger).toHaveTitle(/^Site not found — Headmark$/)
    await expect(stranger.getByRole('grid')).toHaveCount(0)
  })
})

test('a pending bulk edit is proposed for review and becomes a change request', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('propose'), 'Ada Lovelace')
  const hostname = 'propose.example'
  const slug = await organizationWithSite(page, 'Propose Labs', hostname)
  const site = { organizationSlug: slug, siteHostname: hostname }
  const edits = []
  for (const pagePath of ['/one', '/two']) {
    const created = await rpc<{ id: string }>(page, 'pages/create', { ...site, path: pagePath })
    edits.push({
      pageId: created.id,
      path: pagePath,
      baseRevisionId: null,
      metadata: { title: 'Bulk' },
    })
  }
  const set = await rpc<{ id: string }>(page, 'changeSets/create', {
    ...site,
    edits,
    note: 'Titles',
  })
  await openHydrated(page, `/app/organizations/${slug}/sites/${hostname}/changes/${set.id}`)
  await page.getByRole('button', { name: 'Propose for review' }).click()
  await expect(page).toHaveURL(/\/change-requests\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Titles')
  // The set is the change request's now: it can no longer be applied by itself.
  const refused = await page.request.post(url('/api/rpc/changeSets/apply'), {
    data: { json: { ...site, changeSetId: set.id } },
    headers: { origin: new URL(url('/')).origin },
  })
  expect(refused.status()).toBe(409)
})
