import { expect } from '@playwright/test'
import {
  addColleague,
  baseURL,
  createOrganization,
  createSite,
  openHydrated,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
  url,
} from './helpers.ts'

test('an owner renames the organization and changes its slug; the old address redirects', async ({
  page,
  browser,
}) => {
  test.slow()
  const slug = uniqueSlug('rename')
  const newSlug = `${slug}-ltd`
  await signUpAndVerify(page, uniqueEmail('owner'), 'Olive Owner')
  await createOrganization(page, 'Rename Co', slug)
  // With a site, the organization's home is its site list (without one, onboarding/site).
  await createSite(page, slug, 'Rename site', 'rename.example')
  await openHydrated(page, `/app/organizations/${slug}`)

  const orgNav = page.getByRole('navigation', { name: 'Organization' })
  await expect(orgNav.getByRole('link', { name: 'Sites' })).toHaveAttribute('aria-current', 'page')
  await orgNav.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/settings$`))
  await expect(orgNav.getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Settings')

  await page.getByLabel('Name').fill('Rename Ltd')
  await page.getByLabel('Slug').fill(newSlug.toUpperCase())
  // The address is previewed as it is typed (lowercased, as it will be saved).
  await expect(page.getByTestId('slug-preview')).toHaveText(`/app/organizations/${newSlug}`)
  await page.getByRole('button', { name: 'Save settings' }).click()

  await expect(page).toHaveURL(new RegExp(`/app/organizations/${newSlug}/settings$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Rename Ltd' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Rename Ltd')

  // A member's bookmark from before: the same page under the new slug.
  const member = await addColleague(browser, page, newSlug, 'member', 'Mo Member')
  await openHydrated(member, `/app/organizations/${slug}`)
  await expect(member).toHaveURL(new RegExp(`/app/organizations/${newSlug}$`))
  await expect(member.getByRole('heading', { level: 1, name: 'Rename Ltd' })).toBeVisible()
  // Members have no Settings tab; the page itself says why.
  await expect(
    member
      .getByRole('navigation', { name: 'Organization' })
      .getByRole('link', { name: 'Settings' }),
  ).toHaveCount(0)
  await openHydrated(member, `/app/organizations/${slug}/settings`)
  await expect(member).toHaveURL(new RegExp(`/app/organizations/${newSlug}/settings$`))
  await expect(member.getByRole('alert')).toContainText('Only owners and admins can do this')

  // A stranger learns nothing: back to their own dashboard.
  const stranger = await (await browser.newContext()).newPage()
  await signUpAndVerify(stranger, uniqueEmail('stranger'), 'Sam Stranger')
  await openHydrated(stranger, `/app/organizations/${slug}/settings`)
  await expect(stranger).toHaveURL(/\/app\/organizations\/create$/)

  // A taken slug is refused on the field.
  const other = uniqueSlug('taken')
  await createOrganization(page, 'Taken', other)
  await openHydrated(page, `/app/organizations/${newSlug}/settings`)
  await page.getByLabel('Slug').fill(other)
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText(`The slug "${other}" is already taken.`)).toBeVisible()
})

test('an admin is not offered deletion; the owner deletes by typing the slug', async ({
  page,
  browser,
}) => {
  test.slow()
  const keep = uniqueSlug('keep')
  const slug = uniqueSlug('doomed')
  await signUpAndVerify(page, uniqueEmail('owner'), 'Olive Owner')
  await createOrganization(page, 'Keeper', keep)
  await createOrganization(page, 'Doomed', slug)

  const admin = await addColleague(browser, page, slug, 'admin', 'Ada Admin')
  await openHydrated(admin, `/app/organizations/${slug}/settings`)
  const danger = admin.getByRole('region', { name: 'Delete this organization' })
  await expect(danger).toContainText('Only an owner can delete Doomed. Your role is admin')
  await expect(admin.getByRole('button', { name: 'Delete organization' })).toHaveCount(0)
  // Asked directly, the server refuses too.
  const refused = await admin.request.post(url('/api/rpc/organizations/delete'), {
    data: { json: { organizationSlug: slug, confirmSlug: slug } },
    headers: { origin: baseURL() },
  })
  expect(refused.status()).toBe(403)

  await openHydrated(page, `/app/organizations/${slug}/settings`)
  await page.getByRole('button', { name: 'Delete organization' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Doomed?' })
  const confirm = dialog.getByRole('button', { name: 'Delete organization' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(`Type ${slug} to confirm`).fill('doomed')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(`Type ${slug} to confirm`).fill(slug)
  await confirm.click()

  await expect(page).toHaveURL(/\/app\/organizations$/)
  await expect(page.getByRole('link', { name: 'Keeper' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Doomed' })).toHaveCount(0)
  await openHydrated(page, `/app/organizations/${slug}`)
  await expect(page).toHaveURL(/\/app\/organizations$/)
})

test('the user menu switches between organizations', async ({ page }) => {
  // Slugs equal to what the form suggests for the names: nothing to race with while typing.
  const id = Date.now().toString(36)
  const first = `first-${id}`
  const second = `second-${id}`
  await signUpAndVerify(page, uniqueEmail('switch'), 'Sid Switcher')
  await createOrganization(page, `First ${id}`, first)
  await createSite(page, first, 'First site', `first-${id}.example`)
  await createOrganization(page, `Second ${id}`, second)

  await page.getByRole('button', { name: /Sid Switcher/ }).click()
  const menu = page.getByRole('menu')
  const organizations = menu.getByRole('group', { name: 'Organizations' })
  await expect(organizations.getByRole('menuitem', { name: `Second ${id}` })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await organizations.getByRole('menuitem', { name: `First ${id}` }).click()
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${first}$`))
  await expect(page.getByRole('heading', { level: 1, name: `First ${id}` })).toBeVisible()

  await page.getByRole('button', { name: /Sid Switcher/ }).click()
  await expect(
    page.getByRole('menu').getByRole('menuitem', { name: `First ${id}` }),
  ).toHaveAttribute('aria-current', 'page')
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Create organization/ })
    .click()
  await expect(page).toHaveURL(/\/app\/organizations\/create$/)
})
