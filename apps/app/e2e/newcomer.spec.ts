import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from '@playwright/test'
import {
  choosePlan,
  editorUrl,
  hydrated,
  openHydrated,
  organizationWithSite,
  PASSWORD,
  rpc,
  shoot,
  signIn,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'
import { base32Decode, totpCode } from './totp.ts'

// What a newcomer meets: the command palette, the header's menu on a phone, the only owner's
// Leave, a session that expires mid-way, two-factor set-up by QR code and new recovery codes.

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

test('the command palette opens with Ctrl+K or the header button, searches fuzzily and goes', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('palette'), 'Pat Palette')
  const hostname = `${unique('pal')}.example.com`
  const slug = await organizationWithSite(page, 'Palette Co', hostname)
  await openHydrated(page, `/app/organizations/${slug}`)

  // The keyboard: Ctrl+K opens a labelled dialog with the search field focused.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Go to' })
  await expect(palette).toBeVisible()
  const search = palette.getByRole('combobox', { name: 'Search organizations, sites and screens' })
  await expect(search).toBeFocused()
  await expect(palette.getByRole('option', { name: /^Palette Co/ }).first()).toBeVisible()
  await expect(palette.getByRole('option', { name: /^Account/ })).toBeVisible()
  await shoot(page, 'palette')

  // Fuzzy: letters in order, not a substring, find the site's Webhooks section.
  await search.fill('plt webh')
  const webhooks = palette.getByRole('option', { name: /Palette Co › Webhooks/ })
  await expect(webhooks).toBeVisible()
  await expect(palette.getByRole('option', { name: /^Account/ })).toHaveCount(0)
  // Other sections may rank alongside it: the arrow keys reach it.
  for (let step = 0; step < 12; step++) {
    if ((await webhooks.getAttribute('aria-selected')) === 'true') break
    await page.keyboard.press('ArrowDown')
  }
  await expect(webhooks).toHaveAttribute('aria-selected', 'true')
  await shoot(page, 'palette-search')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(url(`/app/organizations/${slug}/sites/${hostname}/webhooks`))
  await expect(palette).toHaveCount(0)

  // On a site, its sections come first; arrows move, Enter goes.
  await page.keyboard.press('Control+k')
  await expect(palette).toBeVisible()
  await expect(palette.getByRole('group', { name: 'This site' })).toContainText('Bulk edit')
  await search.fill('account')
  await expect(palette.getByRole('option').first()).toContainText('Account')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(url('/app/account'))

  // The header's Search button opens it too; Escape closes it and gives focus back.
  const button = page.getByRole('button', { name: 'Search' })
  await button.click()
  await expect(palette).toBeVisible()
  await search.fill('nothing like this at all zzz')
  await expect(palette.getByText('Nothing matches.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(palette).toHaveCount(0)
  await expect(button).toBeFocused()

  // On a phone: the same dialog, the button without its text.
  await page.setViewportSize({ width: 390, height: 844 })
  await button.click()
  await search.fill('transfer')
  await expect(palette.getByRole('option', { name: /Palette Co › Spreadsheet/ })).toBeVisible()
  const box = await palette.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  await palette.getByRole('option', { name: /Palette Co › Spreadsheet/ }).click()
  await expect(page).toHaveURL(url(`/app/organizations/${slug}/sites/${hostname}/transfer`))
})

test('on a 390 px screen the header folds its links into a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signUpAndVerify(page, uniqueEmail('menu'), 'Mo Narrow')
  const slug = await organizationWithSite(page, 'Menu Co', `${unique('menu')}.example.com`)
  await openHydrated(page, `/app/organizations/${slug}/members`)

  const header = page.getByRole('banner')
  const menu = header.getByRole('button', { name: 'Menu', exact: true })
  const dashboard = header.getByRole('link', { name: 'Dashboard' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(dashboard).toBeHidden()
  // One row: brand, search, theme, the person's menu and Menu side by side.
  const headerBox = await header.boundingBox()
  expect(headerBox?.height).toBeLessThan(80)

  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(dashboard).toBeVisible()
  await shoot(page, 'header-menu-open', [390])
  await page.keyboard.press('Escape')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeFocused()
  await expect(dashboard).toBeHidden()

  await menu.click()
  await dashboard.click()
  await expect(page).toHaveURL(/\/app\/organizations(\/[^/]+)?$/)
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await shoot(page, 'header-menu-closed', [390])

  // Wide, the links are in the header and there is no Menu button.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(menu).toBeHidden()
  await expect(dashboard).toBeVisible()
})

test('the only owner’s Leave is disabled with the reason; the server refuses all the same', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('leave'), 'Lone Owner')
  const slug = await organizationWithSite(page, 'Lone Co', `${unique('lone')}.example.com`)
  await openHydrated(page, `/app/organizations/${slug}/members`)
  await page.getByRole('button', { name: 'Leave Lone Co' }).click()
  const dialog = page.getByRole('dialog', { name: 'Leave Lone Co?' })
  const leave = dialog.getByRole('button', { name: 'Leave organization' })
  await expect(leave).toBeDisabled()
  await expect(dialog).toContainText('You are its only owner: transfer ownership first')
  await expect(leave).toHaveAccessibleDescription(/transfer ownership first/)
  await shoot(page, 'leave-only-owner')
  await page.keyboard.press('Escape')

  const refused = await page.request.post(url('/api/rpc/members/leave'), {
    data: { json: { organizationSlug: slug } },
    headers: { origin: new URL(url('/')).origin },
  })
  expect(refused.status()).toBeGreaterThanOrEqual(400)
  expect(refused.status()).toBeLessThan(500)
  expect(await refused.text()).toContain('An organization needs at least one owner')
  await page.reload()
  await expect(page.getByRole('row', { name: /Lone Owner \(you\)/ })).toContainText('Owner')
})

test('a session that expires mid-way sends to sign-in and back to the same page; never to another site', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('expired')
  await signUpAndVerify(page, email, 'Ex Pired')
  const hostname = `${unique('exp')}.example.com`
  const slug = await organizationWithSite(page, 'Expiry Co', hostname)
  const sitePath = `/app/organizations/${slug}/sites/${hostname}/rules`
  await openHydrated(page, sitePath)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // The session ends (cookies gone); the next request the page makes answers 401.
  await context.clearCookies()
  await page.keyboard.press('Control+k')
  await expect(page).toHaveURL(/\/get-started\?/)
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(sitePath)
  await hydrated(page)
  await page.getByRole('tab', { name: 'Sign in' }).click()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(url(sitePath))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // A destination on another site is dropped: signing in opens the dashboard.
  for (const evil of ['//evil.example', 'https://evil.example']) {
    await context.clearCookies()
    await openHydrated(page, `/get-started?mode=sign-in&redirect=${encodeURIComponent(evil)}`)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/app\//)
    expect(new URL(page.url()).origin).toBe(new URL(url('/')).origin)
  }
})

test('two-factor set-up by QR code; new recovery codes replace the old ones', async ({ page }) => {
  const email = uniqueEmail('qr')
  await signUpAndVerify(page, email, 'Quinn Qr')
  await openHydrated(page, '/app/account')
  const section = page.getByRole('region', { name: 'Two-factor sign-in' })
  await section.getByLabel('Password').fill(PASSWORD)
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()

  const qr = section.getByRole('img', { name: /QR code/ })
  await expect(qr).toBeVisible()
  const size = await qr.boundingBox()
  expect(size && size.width >= 150 && Math.abs(size.width - size.height) < 1).toBe(true)
  // Dark modules drawn: a real code, not an empty box.
  expect(((await qr.locator('path').getAttribute('d')) ?? '').split('M').length).toBeGreaterThan(
    200,
  )
  const secretText = (await section.getByTestId('totp-secret').textContent()) ?? ''
  expect(secretText.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/)
  const key = base32Decode(secretText.replace(/\s+/g, ''))
  const oldCodes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents()
  await shoot(page, 'account-two-factor-setup')
  await section.getByLabel('Code from the app').fill(totpCode(key))
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible()

  // New recovery codes: the password first; a wrong one is refused on its field. (The section
  // shows the form once two-factor sign-in is on.)
  await expect(section.getByRole('button', { name: 'Make new recovery codes' })).toBeVisible()
  await section.getByLabel('Password').fill('not my password at all')
  await section.getByRole('button', { name: 'Make new recovery codes' }).click()
  await expect(section.getByText('This is not your password.')).toBeVisible()
  await section.getByLabel('Password').fill(PASSWORD)
  await section.getByRole('button', { name: 'Make new recovery codes' }).click()
  const fresh = section.getByRole('list', { name: 'New recovery codes' }).getByRole('listitem')
  await expect(fresh).toHaveCount(10)
  const newCodes = await fresh.allTextContents()
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([])
  await expect(section).toContainText('your previous codes no longer work')
  await shoot(page, 'account-two-factor-new-codes')
  // Shown once: dismissed, they are gone from the page.
  await section.getByRole('button', { name: 'I have saved them' }).click()
  await expect(section.getByRole('list', { name: 'New recovery codes' })).toHaveCount(0)
  await page.reload()
  await expect(page.getByText(newCodes[0] ?? 'missing')).toHaveCount(0)

  // An old code no longer signs in; a new one does.
  await page.context().clearCookies()
  await signIn(page, email)
  await page.getByRole('button', { name: 'Use a recovery code' }).click()
  await page.getByLabel('Recovery code').fill(oldCodes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Invalid backup code')).toBeVisible()
  await expect(page).toHaveURL(/\/get-started/)
  await page.getByLabel('Recovery code').fill(newCodes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\//)
})

/** A webhook receiver on a random loopback port (the test server allows loopback). */
async function startReceiver(): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.setHeader('content-type', 'application/json')
      response.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

test('at 390 px the webhook history shows each call as a card with every value', async ({
  page,
}) => {
  const receiver = await startReceiver()
  try {
    await signUpAndVerify(page, uniqueEmail('narrow'), 'Nora Narrow')
    const slug = unique('narrow')
    await rpc(page, 'organizations/create', { name: 'Narrow Inc', slug })
    await choosePlan(page, slug)
    await rpc(page, 'sites/create', {
      organizationSlug: slug,
      name: 'Local',
      hostname: 'localhost',
    })
    await openHydrated(page, `/app/organizations/${slug}/sites/localhost/webhooks/new`)
    await page.getByLabel('URL').fill(`http://localhost:${receiver.port}/hook`)
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByRole('button', { name: 'Send test event' }).click()
    const call = page.getByRole('row').filter({ hasText: 'Test event' })
    await expect(call).toContainText('200')

    await page.setViewportSize({ width: 390, height: 844 })
    for (const value of ['200', '1 of', 'Manual']) {
      const box = await call.getByText(value).first().boundingBox()
      expect(box, value).not.toBeNull()
      expect((box?.x ?? 0) + (box?.width ?? 0), value).toBeLessThanOrEqual(390)
    }
    const details = call.getByRole('button', { name: /^Details/ })
    const detailsBox = await details.boundingBox()
    expect((detailsBox?.x ?? 0) + (detailsBox?.width ?? 0)).toBeLessThanOrEqual(390)
    await shoot(page, 'webhook-history-cards', [390])
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve))
  }
})

test('the page editor hydrates without a mismatch: the previews measure the same text as the server', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('hydrate'), 'Hy Drate')
  const hostname = `${unique('hyd')}.example.com`
  const slug = await organizationWithSite(page, 'Hydrate Co', hostname)
  await rpc(page, 'pages/create', { organizationSlug: slug, siteHostname: hostname, path: '/long' })
  // Long enough to be cut: where it is cut depends on how the text is measured.
  const description =
    'Everything a growing team needs to know about metadata, previews, rules and webhooks, with examples for every framework and a checklist for launch day, before anyone shares the link. '.repeat(
      2,
    )
  await rpc(page, 'metadataRevisions/save', {
    organizationSlug: slug,
    siteHostname: hostname,
    pagePath: '/long',
    baseRevisionId: null,
    metadata: { title: 'A title long enough to be measured in pixels by the preview', description },
  })
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await openHydrated(page, editorUrl(slug, hostname, '/long'))
  const serp = page.getByRole('figure', { name: 'Search result preview on desktop' })
  await expect(serp).toContainText('Description')
  await expect(serp.locator('.hm-serp__description')).toHaveAttribute('data-truncated', 'true')
  expect(problems.filter((text) => /418|hydrat/i.test(text))).toEqual([])
})

test('tables and tabs keep what matters in view: discovered paths beside the pages, e-mails on a phone, the editor’s tabs', async ({
  page,
}) => {
  // An address long enough to need two lines in a 390 px card.
  const email = uniqueEmail('someone-with-a-rather-long-address')
  await signUpAndVerify(page, email, 'Lena Long')
  const hostname = `${unique('fit')}.example.com`
  const slug = await organizationWithSite(page, 'Fit Co', hostname)
  const site = { organizationSlug: slug, siteHostname: hostname }
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', site)
  const asked = [
    '/blog/2024/11/a-very-long-article-slug-about-metadata-and-search-results',
    '/docs/getting-started/installation/with-npm',
  ]
  for (const path of asked) {
    const answer = await page.request.get(
      url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent(path)}`),
    )
    expect(answer.ok()).toBe(true)
  }
  await rpc(page, 'pages/create', { ...site, path: '/about' })

  // 1280 px: the discovered paths sit in the overview's side column, each a card whose path reads
  // in whole words and whose "Create page" is in view, with nothing to scroll sideways.
  await page.setViewportSize({ width: 1280, height: 900 })
  await openHydrated(page, `/app/organizations/${slug}/sites/${hostname}`)
  const discovered = page.getByRole('table', { name: 'Discovered paths' })
  // The counts are written every few seconds.
  await expect(async () => {
    await page.reload()
    await expect(discovered.getByRole('rowheader')).toHaveCount(2, { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  for (const path of asked) {
    const row = discovered.getByRole('row').filter({ hasText: path })
    const create = row.getByRole('button', { name: `Create page ${path}` })
    await create.scrollIntoViewIfNeeded()
    const box = await create.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 1280).toBe(true)
    const pathBox = await row.getByRole('rowheader').boundingBox()
    // A path wraps at most into a few lines of the card's width, not every few characters.
    expect(pathBox?.width).toBeGreaterThan(200)
  }
  expect(
    await discovered.evaluate((table) => {
      const scroller = table.parentElement!
      return scroller.scrollWidth - scroller.clientWidth
    }),
  ).toBeLessThanOrEqual(1)

  // 390 px: the members table is a card per person; the e-mail breaks only after its
  // punctuation (- . @ _), never inside a word.
  await page.setViewportSize({ width: 390, height: 844 })
  await openHydrated(page, `/app/organizations/${slug}/members`)
  const address = page.getByText(email, { exact: true })
  await expect(address).toBeVisible()
  const breaks = await address.evaluate((element) => {
    const text = element.firstChild as Text
    const range = document.createRange()
    const found: string[] = []
    let top: number | undefined
    for (let i = 0; i < text.length; i += 1) {
      range.setStart(text, i)
      range.setEnd(text, i + 1)
      const rect = range.getBoundingClientRect()
      if (top !== undefined && rect.top > top + 2) found.push(text.data[i - 1] ?? '')
      top = rect.top
    }
    return { found, right: element.getBoundingClientRect().right }
  })
  expect(breaks.found.length).toBeGreaterThan(0)
  for (const before of breaks.found) expect('-.@_').toContain(before)
  expect(breaks.right).toBeLessThanOrEqual(390)

  // 390 px: the editor's tab row scrolls; End reaches the last tab, which comes into view.
  await openHydrated(page, editorUrl(slug, hostname, '/about'))
  const tabs = page.getByRole('tablist').first()
  expect(await tabs.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true)
  await tabs.getByRole('tab').first().focus()
  await page.keyboard.press('End')
  const last = tabs.getByRole('tab').last()
  await expect(last).toBeFocused()
  await expect(async () => {
    const box = await last.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  }).toPass({ timeout: 5000 })
})
