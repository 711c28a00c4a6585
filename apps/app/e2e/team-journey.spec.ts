import { expect, type Page } from '@playwright/test'
import {
  acceptInvitation,
  codeBlock,
  linkFromMailbox,
  openHydrated,
  signUpAndVerify,
  signUpFromInvitation,
  test,
  uniqueEmail,
  uniqueSlug,
  url,
} from './helpers.ts'

const organizationNav = (page: Page) => page.getByRole('navigation', { name: 'Organization' })
const dashboard = /\/app\/organizations(\/create)?$/

/**
 * The team's whole path through the app (issue: teams, plans and onboarding): an owner starts an
 * organization, pays for it, installs its first site, brings in a colleague, makes them an admin
 * and finally deletes the organization, which an admin can not do.
 */
test('an owner onboards, invites a colleague who becomes admin, and deletes the organization', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(url('/')).origin,
  })
  const slug = uniqueSlug('crew')
  const org = `/app/organizations/${slug}`
  const colleagueEmail = uniqueEmail('crew-colleague')

  // The owner signs up and creates the organization.
  await signUpAndVerify(page, uniqueEmail('crew-owner'), 'Olive Owner')
  await expect(page).toHaveURL(/\/app\/organizations\/create$/)
  await page.getByLabel('Name').fill('Crew')
  await page.getByLabel('Slug').fill(slug)
  await page.getByRole('button', { name: 'Create organization' }).click()

  // Plan → success → first site.
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
  await page.getByRole('button', { name: 'Choose Team' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan/success$`))
  await expect(
    page.getByRole('heading', { level: 1, name: 'Crew is on the Team plan' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Create your first site' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Crew web')
  await page.getByLabel('Hostname').fill('crew.example')
  await page.getByRole('button', { name: 'Create site' }).click()

  // Install: the snippet on the clipboard carries the site's DSN.
  await expect(page).toHaveURL(
    new RegExp(`${org}/onboarding/install\\?siteHostname=crew\\.example$`),
  )
  const dsn = (await codeBlock(page, 'DSN').locator('code').textContent()) ?? ''
  expect(dsn).toMatch(/^[A-Za-z0-9_-]{22,}$/)
  const envFile = codeBlock(page, '.env.local')
  await envFile.getByRole('button', { name: 'Copy .env.local' }).click()
  await expect(envFile.getByRole('button', { name: 'Copied .env.local' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(dsn)

  // Then the organization's home, with its site.
  await page.getByRole('link', { name: 'Go to Crew' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Crew' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Crew web' })).toBeVisible()

  // The owner invites a colleague from the Members page.
  await organizationNav(page).getByRole('link', { name: 'Members' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/members$`))
  await page.getByRole('link', { name: 'Invite member' }).click()
  await page.getByLabel('E-mail').fill(colleagueEmail)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible()

  // The e-mail arrives in the development mailbox; the colleague signs up from its link, and
  // confirming the address brings them back to the invitation.
  const colleagueContext = await browser.newContext()
  const colleague = await colleagueContext.newPage()
  const invitationLink = await linkFromMailbox(colleague, colleagueEmail, '/app/invitations/')
  await signUpFromInvitation(colleague, invitationLink, colleagueEmail, 'Cody Colleague')

  // They accept and see the organization as a member.
  await acceptInvitation(colleague, 'Crew')
  await expect(colleague).toHaveURL(new RegExp(`${org}$`))
  await expect(colleague.getByRole('link', { name: 'Crew web' })).toBeVisible()
  await organizationNav(colleague).getByRole('link', { name: 'Members' }).click()
  await expect(colleague.getByRole('row', { name: /Cody Colleague \(you\)/ })).toContainText(
    'Member',
  )
  await expect(organizationNav(colleague).getByRole('link', { name: 'Settings' })).toHaveCount(0)

  // The owner promotes them to admin.
  await page.reload()
  await page
    .getByRole('combobox', { name: 'Role of Cody Colleague' })
    .selectOption({ label: 'Admin' })
  await expect(page.getByText('Cody Colleague is now admin.')).toBeVisible()

  // The admin reaches Settings but can not delete the organization, and is told why.
  await colleague.reload()
  await expect(colleague.getByRole('row', { name: /Cody Colleague \(you\)/ })).toContainText(
    'Admin',
  )
  await organizationNav(colleague).getByRole('link', { name: 'Settings' }).click()
  await expect(colleague).toHaveURL(new RegExp(`${org}/settings$`))
  await expect(colleague.getByRole('region', { name: 'Delete this organization' })).toContainText(
    'Only an owner can delete Crew. Your role is admin',
  )
  await expect(colleague.getByRole('button', { name: 'Delete organization' })).toHaveCount(0)

  // The owner deletes it by typing its slug.
  await organizationNav(page).getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(new RegExp(`${org}/settings$`))
  await page.getByRole('button', { name: 'Delete organization' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Crew?' })
  const confirm = dialog.getByRole('button', { name: 'Delete organization' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(`Type ${slug} to confirm`).fill(slug)
  await confirm.click()

  // Gone from the owner's dashboard and from the admin's.
  await expect(page).toHaveURL(dashboard)
  await expect(page.getByRole('link', { name: 'Crew', exact: true })).toHaveCount(0)
  await openHydrated(page, org)
  await expect(page).toHaveURL(dashboard)

  await openHydrated(colleague, '/app/organizations')
  await expect(colleague).toHaveURL(dashboard)
  await expect(colleague.getByRole('link', { name: 'Crew', exact: true })).toHaveCount(0)
  await openHydrated(colleague, `${org}/settings`)
  await expect(colleague).toHaveURL(dashboard)
  await colleagueContext.close()
})
