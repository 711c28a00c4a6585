import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  baseURL,
  createOrganization,
  createPage,
  createSite,
  editorUrl,
  openHydrated,
  organizationWithSite,
  signIn,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' })
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })
const saveShortcut = (page: Page) => page.keyboard.press('ControlOrMeta+s')
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

test('an owner creates a site and pages, edits every tab, survives a conflict and restores a revision', async ({
  page,
  browser,
}) => {
  // One long journey through every screen: give it three times the usual time.
  test.slow()
  const email = uniqueEmail('core')
  const slug = uniqueSlug('rockets')
  await signUpAndVerify(page, email, 'Katherine Johnson')
  await createOrganization(page, 'Rocket Works', slug)

  // An organization without sites continues its onboarding with the first one.
  await openHydrated(page, `/app/organizations/${slug}`)
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/onboarding/site$`))
  await openHydrated(page, `/app/organizations/${slug}/sites/new`)
  await expect(crumbs(page)).toContainText('Create Site')

  // A pasted address is accepted as its hostname, and the form says so before sending.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rocket marketing')
  await page.getByLabel('Hostname').fill('https://Rockets.EXAMPLE/launch')
  await expect(page.getByText('Will be saved as rockets.example')).toBeVisible()
  await page.getByRole('button', { name: 'Create site' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/sites/rockets\\.example$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Rocket marketing' })).toBeVisible()
  await expect(crumbs(page).getByText('Rocket marketing')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { name: 'No pages yet' })).toBeVisible()
  await expect(page.getByRole('figure').getByText(/^[A-Za-z0-9_-]{22,}$/)).toBeVisible()

  // The same hostname again is refused on its field, and the form keeps what was typed.
  await openHydrated(page, `/app/organizations/${slug}/sites/new`)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Duplicate')
  await page.getByLabel('Hostname').fill('ROCKETS.example')
  await page.getByRole('button', { name: 'Create site' }).click()
  await expect(page.getByLabel('Hostname')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Hostname')).toHaveValue('ROCKETS.example')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Duplicate')

  // The site's defaults: what every page inherits.
  const site = 'rockets.example'
  await openHydrated(page, editorUrl(slug, site, null))
  await expect(page.getByRole('heading', { level: 1, name: 'Site defaults' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Title' }).fill('Rocket Works')
  await page.getByRole('textbox', { name: 'Description' }).fill('Rockets for everyone.')
  await saveShortcut(page)
  await expect(page.getByText('Saved as revision 1.')).toBeVisible()

  // Three pages.
  await createPage(page, slug, site, '/pricing')
  await expect(crumbs(page)).toContainText('/pricing')
  await createPage(page, slug, site, '/about')
  await createPage(page, slug, site, '/blog/first-launch')

  // The editor of /pricing shows the inherited values as placeholders and the public URL.
  await openHydrated(page, editorUrl(slug, site, '/pricing'))
  await expect(
    page.getByRole('link', { name: /https:\/\/rockets\.example\/pricing/ }),
  ).toHaveAttribute('href', 'https://rockets.example/pricing')
  const title = page.getByRole('textbox', { name: 'Title' })
  await expect(title).toHaveAttribute('placeholder', 'Rocket Works')
  await expect(title).toHaveValue('')

  // Every tab, with the tab in the address.
  await title.fill('Pricing')
  await page.getByRole('textbox', { name: 'Description' }).fill('Plans for every launch.')
  await tab(page, 'Open Graph').click()
  await expect(page).toHaveURL(/tab=opengraph/)
  await page.getByRole('textbox', { name: 'Title' }).fill('Rocket pricing')
  await page.getByRole('textbox', { name: 'Site name' }).fill('Rocket Works')
  await tab(page, 'Twitter').click()
  await expect(page).toHaveURL(/tab=twitter/)
  await page
    .getByRole('combobox', { name: 'Card' })
    .selectOption({ label: 'Summary with large image' })
  await page.getByRole('textbox', { name: 'Title' }).fill('Pricing on X')
  await tab(page, 'Images').click()
  await page.getByRole('button', { name: 'Add icon' }).click()
  const icon = page.getByRole('group', { name: 'Icon 1' })
  await icon.getByRole('textbox', { name: 'URL' }).fill('/favicon-32.png')
  await icon.getByRole('spinbutton', { name: 'Width (px)' }).fill('32')
  await icon.getByRole('spinbutton', { name: 'Height (px)' }).fill('32')
  await icon.getByRole('textbox', { name: 'Type' }).fill('image/png')
  await tab(page, 'Custom').click()
  await page.getByRole('button', { name: 'Add tag' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('theme-color')
  await page.getByRole('textbox', { name: 'Content' }).fill('#0b3d91')
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  await saveShortcut(page)
  await expect(page.getByText('Saved as revision 1.')).toBeVisible()
  await expect(page.getByText('All changes saved')).toBeVisible()

  // After a reload every value is still there.
  await page.reload()
  await expect(tab(page, 'Custom')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveValue('#0b3d91')
  await tab(page, 'Basic').click()
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Pricing')
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Plans for every launch.',
  )
  await tab(page, 'Open Graph').click()
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Rocket pricing')
  await tab(page, 'Twitter').click()
  await expect(page.getByRole('combobox', { name: 'Card' })).toHaveValue('summary_large_image')
  await tab(page, 'Images').click()
  await expect(
    page.getByRole('group', { name: 'Icon 1' }).getByRole('textbox', { name: 'URL' }),
  ).toHaveValue('/favicon-32.png')
  // What the public API serves: the page over the defaults, e.g. the inherited description.
  const served = page.getByRole('region', { name: 'Served' })
  await expect(served).toContainText('"title": "Pricing"')
  await expect(served).toContainText('"theme-color"')

  // An unknown tab in the address is corrected, not an error.
  await openHydrated(page, editorUrl(slug, site, '/pricing', { tab: 'nonsense' }))
  await expect(page).toHaveURL(/tab=basic/)
  await expect(tab(page, 'Basic')).toHaveAttribute('aria-selected', 'true')

  // Someone else saves the same page while this editor has unsaved text.
  await page.getByRole('textbox', { name: 'Title' }).fill('My pricing title')
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, email)
  await expect(otherPage).toHaveURL(/\/app\/organizations$/)
  await openHydrated(otherPage, editorUrl(slug, site, '/pricing'))
  await otherPage.getByRole('textbox', { name: 'Title' }).fill('Their pricing title')
  await saveShortcut(otherPage)
  await expect(otherPage.getByText('Saved as revision 2.')).toBeVisible()

  await saveShortcut(page)
  const conflict = page.getByRole('alert').filter({ hasText: 'changed while you were editing' })
  await expect(conflict).toBeVisible()
  await expect(conflict).toContainText('Katherine Johnson saved revision 2')
  const titleDifference = conflict
    .getByRole('listitem')
    .filter({ has: page.getByText('title', { exact: true }) })
  await expect(titleDifference).toContainText('My pricing title')
  await expect(titleDifference).toContainText('Their pricing title')
  // The text typed here is intact.
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('My pricing title')
  await conflict.getByRole('button', { name: 'Take theirs' }).click()
  await expect(conflict).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Their pricing title')

  // Revision 1, read-only, then restored as revision 3.
  const revisions = page.getByRole('region', { name: 'Revisions' })
  await revisions.getByRole('link', { name: 'Revision 1' }).click()
  await expect(page).toHaveURL(/metadataRevisionId=/)
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Pricing')
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly')
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Restore this revision' }).click()
  await expect(page.getByText('Restored as revision 3.')).toBeVisible()
  await expect(page).not.toHaveURL(/metadataRevisionId=/)
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Pricing')
  await expect(revisions.getByRole('listitem').first()).toContainText('Revision 3')
  await expect(revisions.getByRole('listitem').first()).toContainText('Current')
  await expect(revisions.getByRole('listitem').first()).toContainText('Restored from revision 1')

  // A second conflict, this time keeping one's own version.
  await page.getByRole('textbox', { name: 'Description' }).fill('Mine wins.')
  await otherPage.reload()
  await otherPage.getByRole('textbox', { name: 'Description' }).fill('Theirs loses.')
  await saveShortcut(otherPage)
  await expect(otherPage.getByText('Saved as revision 4.')).toBeVisible()
  await saveShortcut(page)
  await page.getByRole('button', { name: 'Keep mine and save' }).click()
  await expect(page.getByText('Saved as revision 5.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine wins.')
  await other.close()

  // Leaving with unsaved changes asks first, and staying keeps them.
  await page.getByRole('textbox', { name: 'Title' }).fill('Not saved yet')
  await crumbs(page).getByRole('link', { name: 'Rocket marketing' }).click()
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click()
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Not saved yet')
  await page.getByRole('button', { name: 'Reset' }).click()

  // The overview lists the pages, searchable by path.
  await crumbs(page).getByRole('link', { name: 'Rocket marketing' }).click()
  const pages = page.getByRole('region', { name: /^Pages/ })
  await expect(pages.getByRole('link', { name: '/pricing' })).toBeVisible()
  await expect(pages.getByRole('row')).toHaveCount(4)
  await page.getByRole('searchbox', { name: 'Search pages' }).fill('BLOG')
  await expect(page).toHaveURL(/search=BLOG/)
  await expect(pages.getByRole('row')).toHaveCount(2)
  await expect(pages.getByRole('link', { name: '/blog/first-launch' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search pages' }).fill('nothing-like-this')
  await expect(page.getByRole('heading', { name: 'No matching pages' })).toBeVisible()

  // Edit Page: a new path, then delete another page.
  await page.goto(
    url(`/app/organizations/${slug}/sites/${site}/page/edit?path=%2Fblog%2Ffirst-launch`),
  )
  await expect(crumbs(page)).toContainText('Edit Page')
  // The page's crumb leads back to that page's editor.
  await expect(crumbs(page).getByRole('link', { name: '/blog/first-launch' })).toHaveAttribute(
    'href',
    /\/page\?path=%2Fblog%2Ffirst-launch$/,
  )
  await page.getByLabel('Path').fill('/blog/liftoff')
  await page.getByRole('button', { name: 'Change path' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '/blog/liftoff' })).toBeVisible()
  await openHydrated(page, `/app/organizations/${slug}/sites/${site}/page/edit?path=%2Fabout`)
  await page.getByRole('button', { name: 'Delete page' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete page' }).click()
  await expect(page.getByText('/about was deleted.')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Pages/ }).getByRole('row')).toHaveCount(3)

  // Edit Site: the title template needs %s; then the site is deleted by typing its hostname.
  await page.getByRole('link', { name: 'Edit site', exact: true }).click()
  await expect(crumbs(page)).toContainText('Edit Site')
  await page.getByLabel('Title template').fill('Rocket Works')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByLabel('Title template')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Title template').fill('%s · Rocket Works')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Site settings saved.')).toBeVisible()
  await openHydrated(page, editorUrl(slug, site, '/pricing'))
  await expect(page.getByRole('region', { name: 'Served' })).toContainText(
    '"title": "Pricing · Rocket Works"',
  )

  await openHydrated(page, `/app/organizations/${slug}/sites/${site}/edit`)
  await page.getByRole('button', { name: 'Delete site' }).click()
  const confirm = page.getByRole('dialog')
  await expect(confirm.getByRole('button', { name: 'Delete site' })).toBeDisabled()
  await confirm.getByLabel(`Type ${site} to confirm`).fill(site)
  await confirm.getByRole('button', { name: 'Delete site' }).click()
  // Without sites, the organization's home is the first-site step again.
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/onboarding/site$`))
  await expect(page.getByRole('heading', { name: 'Create your first site' })).toBeVisible()
})

test('a member edits metadata but sees no site settings', async ({ page, browser }) => {
  test.slow()
  const ownerEmail = uniqueEmail('owner')
  const slug = uniqueSlug('crew')
  const site = 'crew.example'
  await signUpAndVerify(page, ownerEmail, 'Owner Person')
  await createOrganization(page, 'Crew', slug)
  await createSite(page, slug, 'Crew site', site)
  await createPage(page, slug, site, '/welcome')

  // The owner invites the member, who signs up and accepts.
  const member = await addColleague(browser, page, slug, 'member', 'Member Person')

  await openHydrated(member, `/app/organizations/${slug}`)
  await expect(member.getByRole('link', { name: 'Create site' })).toHaveCount(0)
  await member.getByRole('link', { name: 'Crew site' }).click()
  await expect(member.getByRole('heading', { level: 1, name: 'Crew site' })).toBeVisible()
  await expect(member.getByRole('link', { name: 'Edit site', exact: true })).toHaveCount(0)

  await openHydrated(member, `/app/organizations/${slug}/sites/${site}/edit`)
  await expect(member.getByRole('alert')).toContainText('Only owners and admins can do this')
  await expect(member.getByLabel('Hostname')).toHaveCount(0)

  await openHydrated(member, editorUrl(slug, site, '/welcome'))
  await member.getByRole('textbox', { name: 'Title' }).fill('Welcome aboard')
  await member.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(member.getByText('Saved as revision 1.')).toBeVisible()
  await expect(
    member.getByRole('region', { name: 'Revisions' }).getByRole('listitem').first(),
  ).toContainText('Member Person')
  await member.context().close()
})

test('the pages list brings 50 pages at a time and searches by part of the path', async ({
  page,
}) => {
  const slug = uniqueSlug('many')
  const site = 'many.example'
  await signUpAndVerify(page, uniqueEmail('many'))
  await createOrganization(page, 'Many Pages', slug)
  await createSite(page, slug, 'Many pages', site)
  // More pages than the Free plan's 50 per site: the Starter plan.
  const plan = await page.request.post(url('/api/rpc/billing/subscribe'), {
    data: { json: { organizationSlug: slug, planId: 'starter' } },
    headers: { origin: baseURL() },
  })
  expect(plan.ok(), await plan.text()).toBe(true)

  // 60 pages through the RPC endpoint the app itself calls.
  for (let index = 0; index < 60; index += 1) {
    const path = `/docs/${String(index).padStart(2, '0')}`
    const created = await page.request.post(url('/api/rpc/pages/create'), {
      data: { json: { organizationSlug: slug, siteHostname: site, path } },
      headers: { origin: baseURL() },
    })
    expect(created.ok(), await created.text()).toBe(true)
  }

  await openHydrated(page, `/app/organizations/${slug}/sites/${site}`)
  const pages = page.getByRole('region', { name: /^Pages/ })
  await expect(pages.getByRole('heading', { name: 'Pages 60' })).toBeVisible()
  const rows = pages.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(51)
  await expect(rows.nth(1)).toContainText('/docs/00')
  await page.getByRole('button', { name: 'Show more pages' }).click()
  await expect(rows).toHaveCount(61)
  await expect(rows.last()).toContainText('/docs/59')
  await expect(page.getByRole('button', { name: 'Show more pages' })).toHaveCount(0)

  await page.getByRole('searchbox', { name: 'Search pages' }).fill('/docs/5')
  await expect(rows).toHaveCount(11)
  // The search is in the address: a reload shows the same results.
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search pages' })).toHaveValue('/docs/5')
  await expect(rows).toHaveCount(11)
})

test('hostile paths and text are stored and shown back exactly, never executed', async ({
  page,
}) => {
  test.slow()
  const slug = uniqueSlug('hostile')
  const site = 'hostile.example'
  page.on('dialog', (dialog) => {
    throw new Error(`A script ran: ${dialog.message()}`)
  })
  await signUpAndVerify(page, uniqueEmail('hostile'))
  await createOrganization(page, 'Hostile Inputs', slug)
  await createSite(page, slug, '<script>alert(1)</script>', site)

  const paths: Array<[typed: string, stored: string]> = [
    ['/<script>alert(1)</script>', '/<script>alert(1)</script>'],
    ['/caf%C3%A9', '/café'],
    ['/a%2Fb', '/a%2Fb'],
    ['/50%25off', '/50%25off'],
    ['/ spaced path', '/ spaced path'],
    ['"quoted"', '/"quoted"'],
    ['/123', '/123'],
    ['https://hostile.example/pricing?ref=x#plans', '/pricing'],
  ]
  for (const [typed, stored] of paths) {
    await openHydrated(page, `/app/organizations/${slug}/sites/${site}/pages/new`)
    await page.getByLabel('Path').fill(typed)
    await page.getByRole('button', { name: 'Create page' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stored)
    // The address round-trips: a reload opens the same page.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stored)
  }

  // A malformed escape is refused on the field, which keeps what was typed.
  await openHydrated(page, `/app/organizations/${slug}/sites/${site}/pages/new`)
  await page.getByLabel('Path').fill('/%E0%A4%A')
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page.getByLabel('Path')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Path')).toHaveValue('/%E0%A4%A')

  // …and in the address, the editor says so in place.
  await openHydrated(page, editorUrl(slug, site, '/%'))
  await expect(page.getByRole('alert')).toContainText('This could not be shown')
  await expect(page.getByRole('alert')).toContainText('malformed % escape')
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    '<script>alert(1)</script>',
  )

  // Markup in metadata is text: saved, shown back and served as typed.
  await openHydrated(page, editorUrl(slug, site, '/<script>alert(1)</script>'))
  const markup = '"><img src=x onerror=alert(1)>'
  await page.getByRole('textbox', { name: 'Title' }).fill(markup)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 1.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(markup)
  await expect(page.getByRole('region', { name: 'Served' })).toContainText(JSON.stringify(markup))
  await openHydrated(page, `/app/organizations/${slug}`)
  await expect(page.getByRole('link', { name: '<script>alert(1)</script>' })).toBeVisible()
})

test('the site overview has tabs that reach its webhooks', async ({ page }) => {
  await signUpAndVerify(page, uniqueEmail('site-tabs'), 'Tabitha Tabs')
  const slug = await organizationWithSite(page, 'Tab Co', 'tabs.example.com')
  await openHydrated(page, `/app/organizations/${slug}/sites/tabs.example.com`)
  const siteNav = page.getByRole('navigation', { name: 'Site' })
  await expect(siteNav.getByRole('link', { name: 'Pages' })).toHaveAttribute('aria-current', 'page')
  await siteNav.getByRole('link', { name: 'Webhooks' }).click()
  await expect(page).toHaveURL(new RegExp(`/sites/tabs\\.example\\.com/webhooks$`))
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible()
})
