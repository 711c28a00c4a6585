import { type Browser, expect, type Page, test } from '@playwright/test'
import {
  baseURL,
  createOrganization,
  createSite,
  linkFromMailbox,
  signUpAndVerify,
  uniqueEmail,
  url,
} from './helpers.ts'

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' })
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

async function rpc<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(url(`/api/rpc/${path}`), {
    data: { json: input },
    headers: { origin: baseURL() },
  })
  const body = (await response.json()) as { json: T }
  expect(response.ok(), `${path}: ${JSON.stringify(body)}`).toBe(true)
  return body.json
}

/** An owner with an organization on the Free plan. */
async function ownerWithOrganization(page: Page, prefix: string) {
  const slug = uniqueSlug(prefix)
  await signUpAndVerify(page, uniqueEmail(prefix), 'Olive Owner')
  await createOrganization(page, 'Billing Co', slug)
  await rpc(page, 'billing/subscribe', { organizationSlug: slug, planId: 'free' })
  return slug
}

/** Invites a new person as a member and signs them in, in a browser context of their own. */
async function memberOf(owner: Page, browser: Browser, slug: string): Promise<Page> {
  const email = uniqueEmail('billing-member')
  const organizations = (await (
    await owner.request.get(url('/api/auth/organization/list'))
  ).json()) as Array<{ id: string; slug: string }>
  const organizationId = organizations.find((organization) => organization.slug === slug)?.id
  const invited = await owner.request.post(url('/api/auth/organization/invite-member'), {
    data: { email, role: 'member', organizationId },
    headers: { origin: baseURL() },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const member = await (await browser.newContext()).newPage()
  await signUpAndVerify(member, email, 'Max Member')
  const link = await linkFromMailbox(member, email, '/app/invitations/')
  const invitationId = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '')
  const accepted = await member.request.post(url('/api/auth/organization/accept-invitation'), {
    data: { invitationId },
    headers: { origin: baseURL() },
  })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  return member
}

test('an owner sees the meters and the chart, changes the plan and cancels it', async ({
  page,
}) => {
  test.slow()
  const slug = await ownerWithOrganization(page, 'billing')
  await createSite(page, slug, 'Billing site', 'billing.example')

  await page.goto(url(`/app/organizations/${slug}/billing`))
  await expect(crumbs(page)).toContainText('Billing')
  await expect(page.getByRole('heading', { level: 2, name: 'Plan', exact: true })).toBeVisible()
  await expect(page.getByText(/is on the Free plan/)).toBeVisible()

  // Meters: the Free plan's one site is used; unlimited ones say so.
  const sites = page.getByRole('meter', { name: 'Sites' })
  await expect(sites).toHaveAttribute('aria-valuetext', '1 of 1')
  await expect(page.getByRole('meter', { name: 'API calls this period' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 50,000',
  )
  const members = page.getByRole('listitem').filter({ hasText: 'Members' })
  await expect(members).toContainText('Unlimited')
  await expect(page.getByText('Limit reached')).toBeVisible()
  // The chart of API calls per day, with its table for assistive tech.
  const chart = page.getByRole('figure', { name: 'API calls per day' })
  await expect(chart).toBeVisible()
  await expect(chart.getByRole('table', { includeHidden: true })).toHaveCount(1)

  // Changing the plan takes effect at once with the built-in provider.
  await page.getByRole('button', { name: 'Switch to Starter' }).click()
  await expect(page.getByRole('status')).toContainText('The Starter plan is active.')
  await expect(page.getByText(/is on the Starter plan/)).toBeVisible()
  await expect(sites).toHaveAttribute('aria-valuetext', '1 of 3')
  await expect(page.getByRole('button', { name: 'Switch to Starter' })).toHaveCount(0)

  // Cancelling asks first; keeping the plan changes nothing.
  await page.getByRole('button', { name: 'Cancel Starter plan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel the Starter plan?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Keep the plan' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(/is on the Starter plan/)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel Starter plan' }).click()
  await dialog.getByRole('button', { name: 'Cancel plan' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(/has no plan yet/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Choose Team' })).toBeVisible()
})

test('a member sees billing read-only', async ({ page, browser }) => {
  test.slow()
  const slug = await ownerWithOrganization(page, 'billing-ro')
  const member = await memberOf(page, browser, slug)
  await member.goto(url(`/app/organizations/${slug}/billing`))
  await expect(member.getByRole('heading', { level: 2, name: 'Plan', exact: true })).toBeVisible()
  await expect(member.getByRole('note')).toContainText('Only owners can change or cancel the plan')
  await expect(member.getByRole('meter', { name: 'Sites' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 1',
  )
  await expect(member.getByRole('heading', { name: 'Plans' })).toBeVisible()
  await expect(member.getByRole('button', { name: /Switch to|Choose|Cancel/ })).toHaveCount(0)
  await member.context().close()
})

test('over a quota, creating a site is refused with a link to billing, and a banner says so', async ({
  page,
}) => {
  test.slow()
  const slug = await ownerWithOrganization(page, 'billing-full')
  await createSite(page, slug, 'The one site', 'one.example')

  // The banner is on the organization's pages.
  await page.goto(url(`/app/organizations/${slug}`))
  const banner = page.getByRole('region', { name: 'Plan limits' })
  await expect(banner).toContainText('This organization has reached a limit of the Free plan.')
  await expect(banner).toContainText('Sites: 1 of 1')

  await page.goto(url(`/app/organizations/${slug}/sites/new`))
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('One too many')
  await page.getByLabel('Hostname').fill('two.example')
  await page.getByRole('button', { name: 'Create site' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'The Free plan allows 1 site per organization, and this one is at the limit. No site was added. Upgrade on the Billing page',
  )
  await alert.getByRole('link', { name: 'open Billing' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/billing$`))
  await expect(page.getByRole('meter', { name: 'Sites' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 1',
  )
  // On the billing page itself, the banner does not link to where one already is.
  await expect(page.getByRole('region', { name: 'Plan limits' }).getByRole('link')).toHaveCount(0)
})
