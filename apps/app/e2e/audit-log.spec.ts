import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  hydrated,
  openHydrated,
  organizationWithSite,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

/** Clicks a download link and returns the saved file's name and text. */
async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ])
  const path = await saved.path()
  return { file: saved.suggestedFilename(), text: readFileSync(path, 'utf8') }
}

/** Picks the option whose text is `option` (or matches it) in the filter named `label`. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  const select = page.getByRole('combobox', { name: label })
  const text =
    typeof option === 'string'
      ? option
      : await select.evaluate(
          (element, source) =>
            [...(element as HTMLSelectElement).options]
              .map((item) => item.label)
              .find((label) => new RegExp(source).test(label)) ?? source,
          option.source,
        )
  await select.selectOption({ label: text })
}

const FORMULA = '=HYPERLINK("https://evil.example","x")'

test('owners see who did what in the audit log, filter it and export it; members do not see it', async ({
  page,
  browser,
}) => {
  test.slow()
  await signUpAndVerify(page, uniqueEmail('audit'), 'Audrey Auditor')
  const hostname = 'audit.example'
  const slug = await organizationWithSite(page, 'Audit Co', hostname)
  const colleague = await addColleague(browser, page, slug, 'member', 'Mel Member')
  await rpc(page, 'sites/update', {
    organizationSlug: slug,
    siteHostname: hostname,
    name: 'Audit storefront',
  })
  await rpc(page, 'siteApiKeys/create', {
    organizationSlug: slug,
    siteHostname: hostname,
    name: FORMULA,
  })

  // The tab leads to the log, newest first.
  await openHydrated(page, url(`/app/organizations/${slug}`))
  await page
    .getByRole('navigation', { name: 'Organization' })
    .getByRole('link', { name: 'Audit log' })
    .click()
  await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible()
  await expect(page).toHaveTitle('Audit log — Headmark')
  const table = page.getByRole('table', { name: 'Audit log entries, newest first' })
  const rows = table.getByRole('row')
  await expect(rows.nth(1)).toContainText('API key created')
  await expect(rows.nth(1)).toContainText('Audrey Auditor')
  await expect(rows.nth(1)).toContainText(FORMULA)
  await expect(table).toContainText('Site settings changed')
  await expect(table).toContainText('Audit storefront')
  await expect(table).toContainText('Invitation accepted')
  await expect(table).toContainText('Mel Member')
  await expect(table).toContainText('Plan changed')
  await expect(table).toContainText('Site created')
  await shoot(page, 'audit-log')

  // Filter by action: only the key's entry is left.
  await choose(page, 'Action', 'API key created')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('API key created')
  // The downloads follow the filters.
  const csv = await download(page, 'Download CSV')
  expect(csv.file).toMatch(new RegExp(`^${slug}-audit-log-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
  const csvLines = csv.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r\n/)
  expect(csvLines[0]).toBe(
    'occurred_at,actor_kind,actor_id,actor,action,target_kind,target_id,target,client_address,before,after,id',
  )
  expect(csvLines).toHaveLength(2)
  expect(csvLines[1]).toContain(',api_key.created,')
  // A formula in a label is written as text for spreadsheets.
  expect(csvLines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"") (audit.example)"`)

  // Filter by who: the member's own entries only.
  await choose(page, 'Action', 'Any action')
  await choose(page, 'Who', /^Mel Member \(/)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('Invitation accepted')

  // A time range before anything happened: nothing matches.
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByLabel('To').fill('2020-01-01')
  await expect(page.getByText('Nothing matches these filters')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  // The download just made is the newest entry.
  await expect(rows.nth(1)).toContainText('Audit log exported')
  await expect(rows.nth(2)).toContainText('API key created')

  // Clicking a target shows that target's history; then JSON Lines of everything.
  await table
    .getByRole('button', { name: /Site Audit storefront|Site audit\.example/ })
    .first()
    .click()
  await expect(page.getByText(/^Only /)).toContainText('audit.example')
  await expect(rows).toHaveCount(3)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  const jsonl = await download(page, 'Download JSON Lines')
  expect(jsonl.file).toMatch(/\.jsonl$/)
  const entries = jsonl.text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { action: string; actor: { label: string } })
  expect(entries.map((entry) => entry.action)).toEqual(
    expect.arrayContaining([
      'audit_log.exported',
      'api_key.created',
      'site.updated',
      'invitation.accepted',
      'invitation.sent',
      'site.created',
      'plan.changed',
      'organization.created',
    ]),
  )

  // The export itself is in the log.
  await page.reload()
  await hydrated(page)
  await expect(rows.nth(1)).toContainText('Audit log exported')

  // A member has no tab, and the page says who may read it.
  await openHydrated(colleague, url(`/app/organizations/${slug}`))
  await expect(
    colleague.getByRole('navigation', { name: 'Organization' }).getByRole('link', {
      name: 'Audit log',
    }),
  ).toHaveCount(0)
  await openHydrated(colleague, url(`/app/organizations/${slug}/audit`))
  await expect(colleague.getByText('Only owners and admins can do this')).toBeVisible()
  const refused = await colleague.request.get(url(`/api/audit/${slug}.csv`))
  expect(refused.status()).toBe(403)
})
