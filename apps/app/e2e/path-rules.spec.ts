import { expect, type Page } from '@playwright/test'
import {
  createOrganization,
  createPage,
  createSite,
  editorUrl,
  openHydrated,
  rpc,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

async function servedAt(page: Page, dsn: string, path: string): Promise<Record<string, unknown>> {
  const answer = await page.request.get(
    url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent(path)}`),
  )
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { metadata: Record<string, unknown> }).metadata
}

test('a rule for /blog/* gives blog pages a description and a title template, shown in their editor and served', async ({
  page,
}) => {
  test.slow()
  const slug = `rules-${Date.now().toString(36)}`
  const hostname = 'rules.example'
  const rulesUrl = `/app/organizations/${slug}/sites/${hostname}/rules`
  await signUpAndVerify(page, uniqueEmail('rules'), 'Grace Hopper')
  await createOrganization(page, 'Rules Labs', slug)
  await createSite(page, slug, 'Rules Labs', hostname)
  await createPage(page, slug, hostname, '/blog/x')
  await page.getByRole('textbox', { name: 'Title' }).fill('Hello')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/Saved as revision 1/)).toBeVisible()

  // The Rules tab: empty, then a rule for /blog/* with a title template…
  await openHydrated(page, url(`/app/organizations/${slug}/sites/${hostname}`))
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Rules' }).click()
  await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Create rule' }).click()
  await page.getByRole('textbox', { name: /Path pattern/ }).fill('blog/*.html')
  await page.getByRole('button', { name: 'Create rule' }).click()
  await expect(page.getByText(/starts with \//)).toBeVisible()
  await page.getByRole('textbox', { name: /Path pattern/ }).fill('/blog/*')
  await page.getByRole('textbox', { name: /Title template/ }).fill('%s — Rules blog')
  await page.getByRole('button', { name: 'Create rule' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Rule /blog/*' })).toBeVisible()

  // …and what it sets: a description.
  await page.getByRole('textbox', { name: 'Description' }).fill('Stories from the Rules Labs blog.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('/blog/* saved: its pages serve it now.')).toBeVisible()

  await openHydrated(page, url(rulesUrl))
  const row = page.getByRole('row', { name: /\/blog\/\*/ })
  await expect(row).toContainText('Description')
  await expect(row).toContainText('Title template “%s — Rules blog”')
  await expect(row.getByRole('cell').last()).toHaveText(/(^|\D)1$/)

  // The blog page's editor shows where its inherited description comes from.
  await openHydrated(page, editorUrl(slug, hostname, '/blog/x'))
  const description = page.getByRole('textbox', { name: 'Description' })
  await expect(description).toHaveAttribute('placeholder', 'Stories from the Rules Labs blog.')
  await expect(page.getByText('from /blog/*')).toBeVisible()

  // The public API: the rule for /blog/x (with its template on the page's title), not for /about.
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', {
    organizationSlug: slug,
    siteHostname: hostname,
  })
  expect(await servedAt(page, dsn, '/blog/x')).toEqual({
    title: 'Hello — Rules blog',
    description: 'Stories from the Rules Labs blog.',
  })
  expect(await servedAt(page, dsn, '/about')).toEqual({})

  // Changing the rule changes the answer at once.
  await openHydrated(page, url(rulesUrl))
  await page.getByRole('link', { name: '/blog/*' }).click()
  await page.getByRole('textbox', { name: 'Description' }).fill('Notes from the lab.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('/blog/* saved: its pages serve it now.').first()).toBeVisible()
  expect(await servedAt(page, dsn, '/blog/x')).toMatchObject({ description: 'Notes from the lab.' })

  // Its history: created empty (1), the description (2), the change (3); 2 is restored.
  await expect(page.getByText('Revision 3', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Restore revision 2' }).click()
  await expect(page.getByText('Restored as a new revision.')).toBeVisible()
  expect(await servedAt(page, dsn, '/blog/x')).toMatchObject({
    description: 'Stories from the Rules Labs blog.',
  })

  // Deleted, after a confirmation: the page serves its own title again.
  await page.getByRole('button', { name: 'Delete rule' }).click()
  await page
    .getByRole('dialog', { name: 'Delete the rule for /blog/*?' })
    .getByRole('button', { name: 'Delete rule' })
    .click()
  await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible()
  expect(await servedAt(page, dsn, '/blog/x')).toEqual({ title: 'Hello' })
})
