import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  choosePlan,
  createOrganization,
  createSite,
  openHydrated,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
} from './helpers.ts'

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' })

/** An owner with an organization on the Free plan. */
async function ownerWithOrganization(page: Page, prefix: string) {
  const slug = uniqueSlug(prefix)
  await signUpAndVerify(page, uniqueEmail(prefix), 'Olive Owner')
  await createOrganization(page, 'Billing Co', slug, { plan: false })
  await choosePlan(page, slug, 'free')
  return slug
}

test('an owner sees the meters and the chart, changes the plan and cancels it', async ({
  page,
}) => {
  test.slow()
  const slug = await ownerWithOrganization(page, 'billing')
  await createSite(page, slug, 'Billing site', 'billing.example')

  await openHydrated(page, `/app/organizations/${slug}/billing`)
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
  const members = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Members' }) })
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
  // The self-hosted plan ends at once: without a plan, the organization chooses one again (spec §2).
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/onboarding/plan$`))
  await expect(page.getByText('The Starter plan is cancelled.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Choose Team' })).toBeVisible()
  await openHydrated(page, `/app/organizations/${slug}/billing`)
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/onboarding/plan$`))
})

test('a member sees billing read-only', async ({ page, browser }) => {
  test.slow()
  const slug = await ownerWithOrganization(page, 'billing-ro')
  const member = await addColleague(browser, page, slug, 'member', 'Max Member')
  await openHydrated(member, `/app/organizations/${slug}/billing`)
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
  await openHydrated(page, `/app/organizations/${slug}`)
  const banner = page.getByRole('region', { name: 'Plan limits' })
  await expect(banner).toContainText('This organization has reached a limit of the Free plan.')
  await expect(banner).toContainText('Sites: 1 of 1')

  await openHydrated(page, `/app/organizations/${slug}/sites/new`)
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
