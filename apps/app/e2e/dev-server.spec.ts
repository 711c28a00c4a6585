import { type ChildProcess, spawn } from 'node:child_process'
import { expect } from '@playwright/test'
import { DEV_MAILBOX_KEY, signUp } from '../../../examples/e2e-harness/headmark.ts'
import { test } from './helpers.ts'
import { appRoot, freePort } from './server.ts'

// `npm run dev`: the development server serves every screen, server functions and the mailbox,
// and its edge (the public API, the request facts) shares the app's one Headmark instance.

test.describe('the development server', () => {
  test.describe.configure({ timeout: 240_000 })
  let server: ChildProcess
  let output = ''
  let origin = ''

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    const port = await freePort()
    origin = `http://localhost:${port}`
    server = spawn('npx', ['vite', 'dev', '--port', String(port), '--strictPort'], {
      cwd: appRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: 'pglite:memory',
        BETTER_AUTH_URL: origin,
        RATE_LIMIT: 'off',
        DEV_MAILBOX_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // The first page compiles the app: wait until it answers.
    await expect
      .poll(async () => (await fetch(origin).catch(() => null))?.status, { timeout: 200_000 })
      .toBe(200)
  })

  test.afterAll(async () => {
    if (server.exitCode === null && server.pid) {
      process.kill(-server.pid, 'SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    }
  })

  test('serves pages, runs server functions and shows the mailbox', async ({ page }) => {
    await page.goto(`${origin}/contact`)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 120_000 })
    const message = `A question from the development server ${Date.now()}`
    // (The development tools' panels have fields of their own: the form's are asked for.)
    const form = page.locator('form.mk-form')
    await form.getByLabel('Name').fill('Dev Person')
    await form.getByLabel('E-mail').fill('dev@example.com')
    await form.getByLabel('Message').fill(message)
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(page.locator('main').getByRole('status')).toContainText(
      'your message is on its way',
    )
    await page.goto(`${origin}/dev/mailbox?key=${DEV_MAILBOX_KEY}`)
    await expect(page.getByRole('listitem').filter({ hasText: message })).toBeVisible()
    expect(output).not.toContain('is not a function')
  })

  test('the public API answers from the same instance the dashboard saves through', async () => {
    const account = await signUp(origin, 'Dev Owner', `dev-${Date.now()}@example.com`)
    const organization = await account.createOrganization(
      'Dev Org',
      `dev-${Date.now().toString(36)}`,
    )
    const site = await organization.createSite('Dev Site', 'dev.example.com')
    await site.createPage('/pricing')
    const titleServed = async () => {
      const answer = await fetch(
        `${origin}/api/openapi/v1/${site.dsn}/metadata/get-latest?path=%2Fpricing`,
      )
      return ((await answer.json()) as { metadata?: { title?: string } }).metadata?.title
    }
    for (const title of ['Pricing, first', 'Pricing, second']) {
      await site.saveMetadata('/pricing', { title })
      // The save's event reached this public API's cache at once: one instance, not two.
      expect(await titleServed()).toBe(title)
    }
  })
})
