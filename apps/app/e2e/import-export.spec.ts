import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  openHydrated,
  organizationWithSite,
  rpc,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

const FORMULA = '=HYPERLINK("https://evil.example/steal","Click me")'

const transferUrl = (slug: string, hostname: string) =>
  url(`/app/organizations/${slug}/sites/${hostname}/transfer`)

/** Seeds pages the way a script would: an NDJSON import that creates the paths. */
async function seedPages(
  page: Page,
  slug: string,
  hostname: string,
  rows: Array<Record<string, string>>,
): Promise<void> {
  const result = await rpc<{ applied: number; created: number }>(page, 'transfer/import', {
    organizationSlug: slug,
    siteHostname: hostname,
    format: 'json',
    content: rows.map((row) => JSON.stringify(row)).join('\n'),
    createMissing: true,
  })
  expect(result.created).toBe(rows.length)
}

/** The title a page's current revision holds. */
async function titleOf(page: Page, slug: string, hostname: string, path: string) {
  const answer = await rpc<{ revision: { metadata: { title?: string } } | null }>(
    page,
    'pages/get',
    { organizationSlug: slug, siteHostname: hostname, pagePath: path },
  )
  return answer.revision?.metadata.title
}

/** Clicks a download link and returns the saved file's name and text. */
async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ])
  const path = await saved.path()
  return { file: saved.suggestedFilename(), text: readFileSync(path, 'utf8') }
}

/** Puts a file in the import's file field, as choosing it in the dialog does. */
async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByLabel('File to import (.csv, .ndjson or .json)')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') })
  await expect(page.getByText(new RegExp(`^${name.replace('.', '\\.')} · `))).toBeVisible()
}

test('a site’s pages go out as CSV, come back edited, are checked row by row and imported as one change set', async ({
  page,
  browser,
}) => {
  test.slow()
  await signUpAndVerify(page, uniqueEmail('transfer'), 'Grace Hopper')
  const hostname = 'shop.example'
  const slug = await organizationWithSite(page, 'Transfer Shop', hostname)
  await seedPages(page, slug, hostname, [
    { path: '/', title: 'Home' },
    { path: '/about', title: 'About', description: 'Who we are' },
    { path: '/formula', title: FORMULA },
    { path: '/pricing', title: 'Pricing plans' },
  ])

  // Export: the site navigation leads here; the download is the site's CSV.
  await openHydrated(page, url(`/app/organizations/${slug}/sites/${hostname}`))
  await page
    .getByRole('navigation', { name: 'Site' })
    .getByRole('link', { name: 'Spreadsheet' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Spreadsheet' })).toBeVisible()
  await expect(page).toHaveTitle(/Spreadsheet — shop\.example — Headmark/)
  await page.getByText(/The file’s \d+ columns/).click()
  await expect(page.getByRole('rowheader', { name: 'canonical' })).toBeVisible()

  const exported = await download(page, 'Download CSV')
  expect(exported.file).toMatch(/^shop\.example-pages-\d{4}-\d{2}-\d{2}\.csv$/)
  // A byte order mark first, so spreadsheets read the file as UTF-8.
  expect(exported.text.startsWith('\uFEFF')).toBe(true)
  const lines = exported.text.slice(1).trimEnd().split(/\r?\n/)
  const header = (lines[0] ?? '').split(',')
  expect(header.slice(0, 3)).toEqual(['path', 'title', 'description'])
  expect(lines).toHaveLength(5)
  // The formula guard: a spreadsheet shows the cell as text.
  expect(exported.text).toContain(`"'=HYPERLINK(""https://evil.example/steal"",""Click me"")"`)

  // A few titles changed, and /about's row rewritten with a canonical that is not a URL.
  const row = (cells: Record<string, string>) => header.map((key) => cells[key] ?? '').join(',')
  const edited = [
    ...lines
      .filter((line) => !line.startsWith('/about,'))
      .map((line) =>
        line
          .replace('/,Home,', '/,Home of the shop,')
          .replace('/pricing,Pricing plans,', '/pricing,Pricing for teams,'),
      ),
    row({
      path: '/about',
      title: 'About the shop',
      description: 'Who we are',
      canonical: 'not a url',
    }),
  ]
  await chooseFile(page, 'pages.csv', `${edited.join('\n')}\n`)
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('csv')
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(
    page.getByText('Nothing will be imported until these rows are fixed', { exact: false }),
  ).toBeVisible()
  const errors = page.getByRole('table', { name: 'Rows to fix' })
  const bad = errors.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '5' }) })
  await expect(bad).toHaveCount(1)
  await expect(bad.getByRole('cell').first()).toHaveText(/canonical$/)
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0)

  // Fixed, checked again: the diff of the changed pages, then the import.
  const fixed = edited.map((line) => line.replace(',not a url,', ',https://shop.example/about,'))
  await chooseFile(page, 'pages-fixed.csv', `${fixed.join('\n')}\n`)
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByText('The file is ready to import')).toBeVisible()
  await expect(errors).toHaveCount(0)
  const pricing = page.getByRole('region', { name: 'Changes to /pricing' })
  await expect(pricing.getByText('Pricing plans')).toBeVisible()
  await expect(pricing.getByText('Pricing for teams')).toBeVisible()
  await page.getByLabel('Note for the change set').fill('Spring titles')
  await page.getByRole('button', { name: 'Import 3 changes' }).click()
  const result = page.getByRole('heading', { name: 'Imported' })
  await expect(result).toBeVisible()
  await expect(page.getByText('3 pages updated.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View the change set' })).toHaveAttribute(
    'href',
    new RegExp(`^/app/organizations/${slug}/sites/shop\\.example/changes/[^/]+$`),
  )
  expect(await titleOf(page, slug, hostname, '/pricing')).toBe('Pricing for teams')
  expect(await titleOf(page, slug, hostname, '/')).toBe('Home of the shop')
  expect(await titleOf(page, slug, hostname, '/about')).toBe('About the shop')
  // The guarded cell came back as the title it was, not with the quote.
  expect(await titleOf(page, slug, hostname, '/formula')).toBe(FORMULA)

  // Headers of one's own: mapped to the layout's columns, then imported.
  await chooseFile(page, 'mine.csv', 'Address,Headline\n/pricing,Pricing for everyone\n')
  await page.getByRole('button', { name: 'Check file' }).click()
  const mapping = page.getByRole('group', { name: 'Match your columns to Headmark’s' })
  await expect(mapping).toBeVisible()
  await mapping.getByRole('combobox', { name: 'Address' }).selectOption({ label: 'path' })
  await mapping.getByRole('combobox', { name: 'Headline' }).selectOption({ label: 'title' })
  await page.getByRole('button', { name: /^Check file/ }).click()
  await expect(page.getByText('The file is ready to import')).toBeVisible()
  await page.getByRole('button', { name: 'Import 1 change' }).click()
  await expect(page.getByText('1 page updated.')).toBeVisible()
  expect(await titleOf(page, slug, hostname, '/pricing')).toBe('Pricing for everyone')

  // A stranger finds neither the screen nor the download: another organization's address sends
  // them back to their own, and the site under their own organization is not found.
  const stranger = await (await browser.newContext()).newPage()
  await signUpAndVerify(stranger, uniqueEmail('stranger'), 'Eve')
  const strangerSlug = await organizationWithSite(stranger, 'Eve Co', 'eve.example')
  await openHydrated(stranger, transferUrl(slug, hostname))
  await expect(stranger).not.toHaveURL(new RegExp(slug))
  await expect(stranger.getByText('Pricing')).toHaveCount(0)
  const screen = await openHydrated(stranger, transferUrl(strangerSlug, hostname))
  expect(screen?.status()).toBe(404)
  await expect(stranger.getByRole('heading', { name: 'Site not found' })).toBeVisible()
  for (const address of [
    `/api/export/${slug}/${hostname}.csv`,
    `/api/export/${strangerSlug}/${hostname}.csv`,
  ]) {
    const file = await stranger.request.get(url(address))
    expect(file.status()).toBe(404)
    expect(await file.text()).not.toContain('Pricing')
  }

  // A member of the organization imports too.
  const member = await addColleague(browser, page, slug, 'member', 'Mo Member')
  await openHydrated(member, transferUrl(slug, hostname))
  // A file over the limit is refused before anything is sent, with what to do instead.
  await chooseFile(member, 'huge.csv', `path,title\n/about,${'a'.repeat(1_000_000)}\n`)
  await expect(member.getByText('This file is too large to import here')).toBeVisible()
  await expect(member.getByText(/Split it into smaller files/)).toBeVisible()
  await expect(member.getByRole('button', { name: 'Check file' })).toBeDisabled()
  // Every bad row is listed, and the list sorts by line either way.
  await chooseFile(member, 'bad.csv', 'path,canonical\n/about,nope\n/pricing,nope either\n')
  await member.getByRole('button', { name: 'Check file' }).click()
  const rowsToFix = member.getByRole('table', { name: 'Rows to fix' }).getByRole('rowheader')
  await expect(rowsToFix).toHaveText([/\b2$/, /\b3$/])
  await member.getByRole('button', { name: /^Line, sorted/ }).click()
  await expect(rowsToFix).toHaveText([/\b3$/, /\b2$/])
  await chooseFile(member, 'member.csv', 'path,title\n/about,About us\n')
  await member.getByRole('button', { name: 'Check file' }).click()
  await member.getByRole('button', { name: 'Import 1 change' }).click()
  await expect(member.getByText('1 page updated.')).toBeVisible()
  expect(await titleOf(page, slug, hostname, '/about')).toBe('About us')
})

test('hostile text in cells goes out and comes back unchanged', async ({ page }) => {
  test.slow()
  await signUpAndVerify(page, uniqueEmail('hostile'), 'Mallory')
  const hostname = 'hostile.example'
  const slug = await organizationWithSite(page, 'Hostile Cells', hostname)
  const corpus = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../../packages/api/test/hostile-strings.json'),
      'utf8',
    ),
  ) as Record<string, unknown>
  const texts = (['markup', 'urls', 'control_and_unicode', 'json_and_sql'] as const)
    .flatMap((group) => (corpus[group] as string[]).slice(0, 4))
    .filter((text) => !text.includes('\u0000'))
  await seedPages(
    page,
    slug,
    hostname,
    texts.map((text, index) => ({ path: `/hostile/${index}`, title: text, description: text })),
  )

  await openHydrated(page, transferUrl(slug, hostname))
  for (const [name, file] of [
    ['Download CSV', 'hostile.csv'],
    ['Download NDJSON', 'hostile.ndjson'],
  ] as const) {
    const exported = await download(page, name)
    await chooseFile(page, file, exported.text)
    await page.getByRole('button', { name: /^Check file/ }).click()
    await expect(page.getByText('Nothing to import')).toBeVisible()
    const summary = page.getByRole('region', { name: 'What the file would change' })
    await expect(
      summary
        .locator('dl > div')
        .filter({ hasText: /^Unchanged/ })
        .getByRole('definition'),
    ).toHaveText(String(texts.length))
  }
  for (const [index, text] of texts.entries()) {
    expect(await titleOf(page, slug, hostname, `/hostile/${index}`)).toBe(text)
  }
})
