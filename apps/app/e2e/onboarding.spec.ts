import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  choosePlan,
  codeBlock,
  createOrganization,
  openHydrated,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
  url,
} from './helpers.ts'

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' })

test('an owner signs up, chooses a plan, creates the first site, installs it and reaches the organization home', async ({
  page,
  context,
}) => {
  test.slow()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(url('/')).origin,
  })
  const slug = uniqueSlug('launchpad')
  const org = `/app/organizations/${slug}`

  await signUpAndVerify(page, uniqueEmail('onboarding'), 'Mae Jemison')
  await expect(page).toHaveURL(/\/app\/organizations\/create$/)
  await page.getByLabel('Name').fill('Launchpad')
  await page.getByLabel('Slug').fill(slug)
  await page.getByRole('button', { name: 'Create organization' }).click()

  // Plan: the catalogue as on /pricing, with a Choose button per plan for the owner.
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a plan for Launchpad' }),
  ).toBeVisible()
  await expect(crumbs(page)).toContainText('Onboarding')
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }),
  ).toHaveCount(4)
  for (const plan of ['Free', 'Starter', 'Team', 'Business']) {
    await expect(page.getByRole('button', { name: `Choose ${plan}` })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'An owner chooses the plan' })).toHaveCount(0)

  // Without a plan, the organization's other screens lead back to the plan step.
  await openHydrated(page, `${org}/sites/new`)
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
  await openHydrated(page, `${org}/onboarding/site`)
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
  await openHydrated(page, `${org}/onboarding`)
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))

  // Choosing a plan (the built-in provider activates it at once) → success → first site.
  await page.getByRole('button', { name: 'Choose Starter' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan/success$`))
  await expect(
    page.getByRole('heading', { level: 1, name: 'Launchpad is on the Starter plan' }),
  ).toBeVisible()
  await expect(page.getByText('500,000')).toBeVisible()
  await page.getByRole('link', { name: 'Create your first site' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))
  await expect(crumbs(page)).toContainText('Create Your First Site')

  // With a plan, the plan step is skipped.
  await openHydrated(page, `${org}/onboarding/plan`)
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))

  // Not a dead end: the organization's tabs are above the step, and its home leads back here.
  const organizationNav = page.getByRole('navigation', { name: 'Organization' })
  for (const tab of ['Sites', 'Change requests', 'Members', 'Billing', 'Audit log', 'Settings']) {
    await expect(organizationNav.getByRole('link', { name: tab, exact: true })).toBeVisible()
  }
  await organizationNav.getByRole('link', { name: 'Members' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/members$`))
  await expect(page.getByRole('link', { name: 'Invite member' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Organization' })
    .getByRole('link', { name: 'Sites' })
    .click()
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your first site' }),
  ).toBeVisible()
  await shoot(page, 'onboarding-site')

  // The first site, with the create-site form's own checks.
  await page.getByRole('button', { name: 'Create site' }).click()
  await expect(page.getByText('Give the site a name.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Launchpad web')
  await page.getByLabel('Hostname').fill('https://Launchpad.EXAMPLE/')
  await expect(page.getByText('Will be saved as launchpad.example')).toBeVisible()
  await page.getByRole('button', { name: 'Create site' }).click()

  // Install: the DSN, a key on request, and the code with both in it.
  await expect(page).toHaveURL(
    new RegExp(`${org}/onboarding/install\\?siteHostname=launchpad\\.example$`),
  )
  await expect(crumbs(page)).toContainText('Install & Configure')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Install Headmark on Launchpad web' }),
  ).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Members' }),
  ).toBeVisible()
  await shoot(page, 'onboarding-install')
  const dsn = (await codeBlock(page, 'DSN').locator('code').textContent()) ?? ''
  expect(dsn).toMatch(/^[A-Za-z0-9_-]{22,}$/)

  const envFile = codeBlock(page, '.env.local')
  await expect(envFile).toContainText(`HEADMARK_DSN=${dsn}`)
  await expect(envFile).toContainText(`HEADMARK_URL=${new URL(url('/')).origin}/api/openapi`)
  await expect(envFile).toContainText('# HEADMARK_API_KEY=')

  await page.getByRole('button', { name: 'Create API key' }).click()
  const key = codeBlock(page, 'API key').locator('code')
  await expect(key).toHaveText(/^hm_/)
  const apiKey = (await key.textContent()) ?? ''
  await expect(page.getByText('You will not see this key again')).toBeVisible()
  await expect(envFile).toContainText(`HEADMARK_API_KEY=${apiKey}`)

  // Copying the Next.js environment file puts the real DSN and key on the clipboard.
  await envFile.getByRole('button', { name: 'Copy .env.local' }).click()
  await expect(envFile.getByRole('button', { name: 'Copied .env.local' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain(`HEADMARK_DSN=${dsn}`)
  expect(copied).toContain(`HEADMARK_API_KEY=${apiKey}`)
  await expect(codeBlock(page, 'app/api/headmark/route.ts')).toContainText('createWebhookRoute')

  // The framework tabs work from the keyboard.
  await page.getByRole('tab', { name: 'Next.js' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'TanStack Start' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(codeBlock(page, 'src/headmark.functions.ts')).toBeVisible()
  await expect(codeBlock(page, '.env')).toContainText(`HEADMARK_DSN=${dsn}`)
  await page.keyboard.press('ArrowRight')
  await expect(codeBlock(page, 'webhook.ts')).toContainText('createWebhookHandler')

  // The page waits for the site's first call to the public API and shows it when it comes,
  // without a reload (the key, shown only until the page is left, is still there).
  const firstRequest = page.getByRole('status', { name: 'First request' })
  await expect(firstRequest).toContainText('Waiting for the first request…')
  const served = await page.request.get(
    url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent('/pricing/')}`),
  )
  expect(served.status()).toBe(200)
  await expect(firstRequest).toContainText('First request received just now — for /pricing')
  await expect(firstRequest).not.toContainText('Waiting')
  await expect(key).toHaveText(apiKey)
  await expect(
    firstRequest.getByRole('link', { name: 'Go to Launchpad web’s pages' }),
  ).toHaveAttribute('href', `${org}/sites/launchpad.example`)

  // Then the organization's home, with the new site.
  await page.getByRole('link', { name: 'Go to Launchpad', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${org}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Launchpad' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Launchpad web' })).toBeVisible()
  // The site's overview says it too, beside the DSN.
  await openHydrated(page, `${org}/sites/launchpad.example`)
  await expect(page.getByRole('status', { name: 'First request' })).toContainText(
    /First request received .+ — for \/pricing/,
  )

  // Once there is a site, the first-site step leads home; install without its site does too.
  await openHydrated(page, `${org}/onboarding/site`)
  await expect(page).toHaveURL(new RegExp(`${org}$`))
  await openHydrated(page, `${org}/onboarding/install`)
  await expect(page).toHaveURL(new RegExp(`${org}$`))
  await openHydrated(page, `${org}/onboarding/install?siteHostname=`)
  await expect(page).toHaveURL(new RegExp(`${org}$`))
  // An unknown site is said so in place.
  await openHydrated(page, `${org}/onboarding/install?siteHostname=nowhere.example`)
  await expect(page.getByRole('heading', { name: 'Site not found' })).toBeVisible()
})

test('the guards: plan without a subscription, site without sites, home with one', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('guards'), 'Guard Person')
  const slug = uniqueSlug('guards')
  const org = `/app/organizations/${slug}`
  await createOrganization(page, 'Guards', slug, { plan: false })

  // No subscription: any screen of the organization, the home included, goes to the plan.
  for (const path of ['', '/sites/new', '/sites/x.example', '/onboarding/site', '/onboarding']) {
    await openHydrated(page, `${org}${path}`)
    await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
  }

  // A subscription: the plan step goes on to the site step, and so does a home without sites.
  await choosePlan(page, slug)
  for (const path of ['/onboarding/plan', '', '/onboarding']) {
    await openHydrated(page, `${org}${path}`)
    await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))
  }
  // The success page stays reachable (a payment provider returns there).
  await openHydrated(page, `${org}/onboarding/plan/success`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guards is on the Business plan' }),
  ).toBeVisible()

  // Someone else's organization is not shown: back to the dashboard.
  await openHydrated(page, '/app/organizations/no-such-organization/onboarding/site')
  await expect(page).toHaveURL(/\/app\/organizations(\/create)?$/)
})

test('a member sees the plans but leaves the choice to an owner', async ({ page, browser }) => {
  const slug = uniqueSlug('members')
  const org = `/app/organizations/${slug}`
  await signUpAndVerify(page, uniqueEmail('plan-owner'), 'Plan Owner')
  await createOrganization(page, 'Members Only', slug, { plan: false })

  const member = await addColleague(browser, page, slug, 'member', 'Plan Member')

  await openHydrated(member, org)
  await expect(member).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
  await expect(member.getByRole('heading', { name: 'An owner chooses the plan' })).toBeVisible()
  await expect(member.getByRole('heading', { level: 2, name: 'Business' })).toBeVisible()
  await expect(member.getByRole('button', { name: /^Choose/ })).toHaveCount(0)

  // Once an owner has chosen, the member is asked for no plan; adding the site is an owner's or
  // admin's job.
  await choosePlan(page, slug)
  await openHydrated(member, `${org}/onboarding/plan`)
  await expect(member).toHaveURL(new RegExp(`${org}/onboarding/site$`))
  await expect(member.getByRole('alert')).toContainText('Only owners and admins can do this')
  await member.context().close()
})

test('a member of an organization without sites sees its home, which says who can add one', async ({
  page,
  browser,
}) => {
  await signUpAndVerify(page, uniqueEmail('siteless-owner'), 'Sol Owner')
  const slug = uniqueSlug('siteless')
  await rpc(page, 'organizations/create', { name: 'Siteless Co', slug })
  await choosePlan(page, slug)
  const member = await addColleague(browser, page, slug, 'member', 'Mo Member')

  await openHydrated(member, `/app/organizations/${slug}`)
  await expect(member).toHaveURL(new RegExp(`/app/organizations/${slug}$`))
  await expect(member.getByRole('heading', { name: 'No sites yet' })).toBeVisible()
  await expect(
    member.getByText(
      'An owner or admin of this organization adds sites; you can then edit their pages.',
    ),
  ).toBeVisible()
  await expect(member.getByText('Only owners and admins can do this')).toHaveCount(0)
})
