import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, expect, type Page } from '@playwright/test'
import { openHydrated, signIn, signUpAndVerify, test, uniqueEmail, url } from './helpers.ts'
import { appRoot, type AppServer, freePort, startAppServer } from './server.ts'

// The admin journey runs on its own server with the embedded database on disk, so that the
// `npm run admin` command can reach the same database between two runs of the server.
test.describe.configure({ mode: 'serial', timeout: 240_000 })

let dataDir = ''
let port = ''
let server: AppServer | undefined
let previousBaseUrl: string | undefined

async function start(extra: Record<string, string> = {}) {
  server = await startAppServer({ PORT: port, DATABASE_URL: '', DATA_DIR: dataDir, ...extra })
  process.env.E2E_BASE_URL = server.baseURL
}

const adminEmail = uniqueEmail('ops')
const listedEmail = uniqueEmail('listed')
const targetEmail = uniqueEmail('target')
const plainEmail = uniqueEmail('plain')

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'headmark-admin-'))
  port = String(await freePort())
  previousBaseUrl = process.env.E2E_BASE_URL
})

test.afterAll(async () => {
  await server?.stop()
  process.env.E2E_BASE_URL = previousBaseUrl
  rmSync(dataDir, { recursive: true, force: true })
})

test('ADMIN_EMAILS and `npm run admin -- grant` make the first admins', async ({ browser }) => {
  await start({ ADMIN_EMAILS: `someone@example.com, ${listedEmail.toUpperCase()}` })
  for (const [email, name] of [
    [adminEmail, 'Olive Ops'],
    [listedEmail, 'Lisa Listed'],
    [targetEmail, 'Terry Target'],
    [plainEmail, 'Pat Plain'],
  ] as const) {
    const page = await newPage(browser)
    await signUpAndVerify(page, email, name)
  }
  await server!.stop()

  const grant = spawnSync('npm', ['run', 'admin', '--', 'grant', adminEmail], {
    cwd: join(appRoot, '..', '..'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  expect(grant.stdout + grant.stderr).toContain(`${adminEmail} is now a platform admin.`)
  expect(grant.status).toBe(0)
  const unknown = spawnSync('npm', ['run', 'admin', '--', 'grant', 'ghost@example.com'], {
    cwd: join(appRoot, '..', '..'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  expect(unknown.status).not.toBe(0)
  expect(unknown.stderr).toContain('No account uses ghost@example.com.')

  await start()
  // Listed in ADMIN_EMAILS when they verified: an admin too.
  const listed = await newPage(browser)
  await signIn(listed, listedEmail)
  await expect(listed).toHaveURL(/\/app\//)
  await openHydrated(listed, '/app/admin')
  await expect(listed.getByRole('heading', { name: 'Platform admin' })).toBeVisible()
})

test('non-admins get 404 on every admin page and endpoint', async ({ browser }) => {
  const page = await newPage(browser)
  await signIn(page, plainEmail)
  await expect(page).toHaveURL(/\/app\//)
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
  ).toHaveCount(0)
  for (const path of ['/app/admin', '/app/admin/', '/app/admin/users']) {
    const response = await page.goto(url(path))
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  }
  for (const path of ['/api/auth/admin/list-users', '/api/auth/admin/get-user?id=x']) {
    expect((await page.request.get(url(path))).status(), path).toBe(404)
  }
  for (const path of [
    '/api/auth/admin/ban-user',
    '/api/auth/admin/impersonate-user',
    '/api/auth/admin/remove-user',
  ]) {
    // As a browser sends it: with the page's Origin (without, better-auth refuses any POST).
    const response = await page.request.post(url(path), {
      data: { userId: 'x' },
      headers: { origin: new URL(url('/')).origin },
    })
    expect(response.status(), path).toBe(404)
  }
  const anonymous = await newPage(browser)
  expect((await anonymous.request.get(url('/api/auth/admin/list-users'))).status()).toBe(404)
})

test('an admin bans a user, who is refused at sign-in, and impersonates another, then stops', async ({
  browser,
}) => {
  const admin = await newPage(browser)
  await signIn(admin, adminEmail)
  await expect(admin).toHaveURL(/\/app\//)
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
  await expect(admin).toHaveURL(url('/app/admin'))

  // Search, then ban with a reason and an expiry.
  await admin.getByLabel('Search users').fill(targetEmail)
  const targetRow = admin.getByRole('row').filter({ hasText: targetEmail })
  await expect(targetRow).toHaveCount(1)
  await expect(admin.getByRole('row').filter({ hasText: plainEmail })).toHaveCount(0)
  await targetRow.getByRole('button', { name: `Ban ${targetEmail}` }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByLabel('Reason').fill('Sending spam through webhooks')
  await dialog.getByLabel('Ends after (days)').fill('7')
  await dialog.getByRole('button', { name: 'Ban user' }).click()
  await expect(targetRow).toContainText('Banned')
  await expect(targetRow).toContainText('Sending spam through webhooks')

  const target = await newPage(browser)
  await signIn(target, targetEmail)
  await expect(target.getByRole('alert')).toContainText('banned')
  await expect(target).toHaveURL(/\/get-started/)

  // Sessions of a user can be listed and revoked.
  await admin.getByLabel('Search users').fill(plainEmail)
  const plainRow = admin.getByRole('row').filter({ hasText: plainEmail })
  await plainRow.getByRole('button', { name: `Sessions of ${plainEmail}` }).click()
  const sessions = admin.getByRole('dialog')
  await expect(sessions.getByRole('button', { name: 'Revoke' }).first()).toBeVisible()
  const before = await sessions.getByRole('button', { name: 'Revoke' }).count()
  await sessions.getByRole('button', { name: 'Revoke' }).first().click()
  await expect(sessions.getByRole('button', { name: 'Revoke' })).toHaveCount(before - 1)
  await admin.keyboard.press('Escape')

  // Impersonate: a banner on every page until "Stop impersonating".
  await plainRow.getByRole('button', { name: `Impersonate ${plainEmail}` }).click()
  await expect(admin).toHaveURL(/\/app\//)
  const banner = admin.getByRole('status').filter({ hasText: 'by impersonation' })
  await expect(banner).toContainText(plainEmail)
  await openHydrated(admin, '/pricing')
  await expect(banner).toContainText(plainEmail)
  await banner.getByRole('button', { name: 'Stop impersonating' }).click()
  await expect(admin).toHaveURL(url('/app/admin'))
  await expect(banner).toHaveCount(0)
  await expect(admin.getByRole('heading', { name: 'Platform admin' })).toBeVisible()
})
