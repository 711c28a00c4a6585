import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from '@playwright/test'
import {
  choosePlan,
  hydrated,
  openHydrated,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

interface Received {
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A webhook receiver on a random loopback port (the development server allows loopback). */
async function startReceiver(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.setHeader('content-type', 'application/json')
      response.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port, received }
}

test('a webhook receives a saved change, shows it in History, redelivers, sends a test event, pauses and resumes, and rotates its secret', async ({
  page,
}) => {
  const receiver = await startReceiver()
  try {
    await signUpAndVerify(page, uniqueEmail('webhooks'), 'Wanda Webhook')
    const slug = `hooks-${Date.now()}`
    await rpc(page, 'organizations/create', { name: 'Hooks Inc', slug })
    await choosePlan(page, slug)
    // The site comes from the core's procedure (sites.create), as the app creates it.
    await rpc(page, 'sites/create', {
      organizationSlug: slug,
      name: 'Local',
      hostname: 'localhost',
    })

    await openHydrated(page, `/app/organizations/${slug}/sites/localhost/webhooks`)
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible()
    await page.getByRole('link', { name: 'Create webhook' }).click()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Create Webhook',
    )
    await page.getByLabel('URL').fill(`http://localhost:${receiver.port}/hook`)
    await page.getByLabel('Description').fill('Local receiver')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('History')
    await expect(page.getByText('Live', { exact: true })).toBeVisible()

    // A saved change arrives at the receiver and shows up in the open History page by itself.
    const saved = await rpc<{ id: string }>(page, 'metadataRevisions/save', {
      organizationSlug: slug,
      siteHostname: 'localhost',
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Hello from the journey' },
    })
    const history = page.getByRole('table')
    const updates = () => history.getByRole('row').filter({ hasText: 'metadata_update' })
    await expect(updates()).toHaveCount(1)
    await expect(updates()).toContainText('200')
    expect(receiver.received).toHaveLength(1)
    const first = receiver.received[0] as Received
    expect(JSON.parse(first.body)).toMatchObject({
      _type: 'metadata_update',
      path: null,
      metadata: { title: 'Hello from the journey' },
      site: { hostname: 'localhost' },
    })
    await updates().getByRole('button', { name: 'Details' }).click()
    await expect(page.getByText('Hello from the journey').first()).toBeVisible()
    await expect(page.getByText('"ok": true').first()).toBeVisible()
    await page.getByRole('button', { name: 'Hide details' }).click()
    await expect(updates()).toHaveCount(1)

    // Redeliver: the same message again (same webhook-id), by hand.
    await updates().getByRole('button', { name: 'Redeliver' }).click()
    await expect(updates()).toHaveCount(2)
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id'])

    // A test event: "Test event" in the history; the body on the wire is unchanged.
    await page.getByRole('button', { name: 'Send test event' }).click()
    await expect(history.getByRole('row').filter({ hasText: 'Test event' })).toHaveCount(1)
    await expect(history.getByRole('row').filter({ hasText: 'placeholder' })).toHaveCount(0)
    expect(JSON.parse(receiver.received[2]?.body ?? '{}')).toEqual({ _type: 'placeholder' })
    await shoot(page, 'webhook-history-test-event')

    // Pause: a change saved meanwhile is not sent; Resume sends again.
    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByText('Paused: nothing new is queued for this webhook.')).toBeVisible()
    await expect(page.getByText('Paused', { exact: true })).toBeVisible()
    await rpc(page, 'metadataRevisions/save', {
      organizationSlug: slug,
      siteHostname: 'localhost',
      pagePath: null,
      baseRevisionId: saved.id,
      metadata: { title: 'Saved while paused' },
    })
    await shoot(page, 'webhook-paused')
    await page.goto(url(`/app/organizations/${slug}/sites/localhost/webhooks`))
    await expect(
      page.getByRole('row').filter({ hasText: 'Local receiver' }).getByText('Paused'),
    ).toBeVisible()
    await page.getByRole('link', { name: `http://localhost:${receiver.port}/hook` }).click()
    await expect(page.getByText('Paused: nothing new is queued for this webhook.')).toBeVisible()
    await hydrated(page)
    expect(receiver.received).toHaveLength(3)
    // One Resume, in the notice that says the webhook is paused.
    await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(1)
    await page.getByRole('button', { name: 'Resume' }).click()
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
    await shoot(page, 'webhook-resumed')
    expect(receiver.received).toHaveLength(3)

    // Rotate the secret: a new one is shown; the previous one keeps signing for 24 hours.
    await page.getByRole('button', { name: 'Reveal secret' }).click()
    const secretBlock = page.getByRole('figure').filter({ hasText: 'whsec_' })
    await expect(secretBlock).toBeVisible()
    const before = (await secretBlock.textContent()) ?? ''
    await page.getByRole('button', { name: 'Rotate secret' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click()
    await expect(page.getByText('The previous secret also signs until')).toBeVisible()
    await expect(secretBlock).not.toHaveText(before)
  } finally {
    receiver.server.closeAllConnections()
    receiver.server.close()
  }
})
