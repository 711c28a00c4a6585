import { expect } from '@playwright/test'
import {
  createOrganization,
  createPage,
  createSite,
  editorUrl,
  openHydrated,
  signUpAndVerify,
  test,
  uniqueEmail,
} from './helpers.ts'

test('the page screen previews the draft, leads from a check to its field, warns on Save and compares revisions', async ({
  page,
}) => {
  test.slow()
  const slug = `previews-${Date.now().toString(36)}`
  const site = 'previews.example'
  await signUpAndVerify(page, uniqueEmail('previews'), 'Mae Jemison')
  await createOrganization(page, 'Preview Labs', slug)
  await createSite(page, slug, 'Preview Labs', site)

  // The site's defaults give every page its description (and no title).
  await openHydrated(page, editorUrl(slug, site, null))
  await page.getByRole('textbox', { name: 'Description' }).fill('Rockets, previewed.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 1.')).toBeVisible()

  await createPage(page, slug, site, '/pricing')
  const previews = page.getByRole('region', { name: 'Previews' })
  const serp = previews.getByRole('figure', { name: 'Search result preview on desktop' })
  // What the page will serve: its own nothing over the defaults.
  await expect(serp).toContainText('https://previews.example › pricing')
  await expect(serp).toContainText('Rockets, previewed.')

  // Typing a title updates the search result at once.
  await page.getByRole('textbox', { name: 'Title' }).fill('Pricing for every launch')
  await expect(serp).toContainText('Pricing for every launch')
  await previews.getByRole('tab', { name: 'X' }).click()
  await expect(previews.getByRole('figure', { name: /X .*preview/ })).toContainText(
    'Pricing for every launch',
  )

  // A finding's button takes the person to its field, on its own tab.
  const checks = page.getByRole('region', { name: 'Metadata checks' })
  await page.getByRole('textbox', { name: 'Title' }).fill('')
  await expect(checks.getByRole('button', { name: /Add a title/ })).toBeVisible()
  await page.getByRole('tab', { name: 'Open Graph', exact: true }).click()
  await checks.getByRole('button', { name: /Add a title/ }).click()
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused()

  // Errors left in the checks: Save warns, and still saves.
  await page.getByRole('textbox', { name: 'Description' }).fill('Plans for small and large crews.')
  await expect(page.getByText(/One error in the checks: Save works/)).toBeVisible()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 1. One error left in the checks.')).toBeVisible()

  await page.getByRole('textbox', { name: 'Title' }).fill('Pricing')
  await expect(checks.getByRole('button', { name: /Add a title/ })).toHaveCount(0)
  await expect(page.getByText(/in the checks: Save works/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 2.')).toBeVisible()

  // Compare shows what changed from revision 1 to the current revision.
  await page
    .getByRole('region', { name: 'Revisions' })
    .getByRole('button', { name: 'Compare revision 1 with the current revision' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Revision 1 and the current revision' })
  await expect(dialog).toContainText('Revision 2 (current)')
  await expect(dialog.getByText('Pricing', { exact: true })).toBeVisible()
  await expect(dialog).toContainText('Added')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})
