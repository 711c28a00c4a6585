import { expect } from '@playwright/test'
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

test('a page’s canonical URL, language versions, robots directives and structured data are edited, previewed and served', async ({
  page,
}) => {
  test.slow()
  const slug = `search-${Date.now().toString(36)}`
  const hostname = 'search.example'
  await signUpAndVerify(page, uniqueEmail('search'), 'Tim Berners-Lee')
  await createOrganization(page, 'Search Labs', slug)
  await createSite(page, slug, 'Search Labs', hostname)

  // The site's defaults: an Organization for every page, and no page-only fields to fill.
  await openHydrated(page, editorUrl(slug, hostname, null, { tab: 'structured' }))
  await expect(page.getByRole('textbox', { name: 'Canonical URL' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Add an item' }).selectOption('Organization')
  // Filled in as a form; the JSON view shows the same object.
  const organization = page.getByRole('region', { name: 'Organization (item 1)' })
  await organization.getByRole('textbox', { name: 'Name' }).fill('Search Labs')
  await organization.getByRole('textbox', { name: 'Website' }).fill('https://search.example/')
  await organization
    .getByRole('textbox', { name: 'Profiles elsewhere' })
    .fill('https://social.example/@searchlabs\n\nhttps://wiki.example/Search_Labs')
  await page.getByRole('button', { name: 'JSON' }).click()
  const structured = page.getByRole('textbox', { name: 'Structured data (JSON-LD)' })
  expect(JSON.parse(await structured.inputValue())).toEqual([
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Search Labs',
      url: 'https://search.example/',
      logo: '',
      sameAs: ['https://social.example/@searchlabs', 'https://wiki.example/Search_Labs'],
    },
  ])
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/Saved as revision 1/)).toBeVisible()

  await createPage(page, slug, hostname, '/blog/launch')
  await page.getByRole('textbox', { name: 'Title' }).fill('We launched')
  await page
    .getByRole('textbox', { name: 'Canonical URL' })
    .fill('https://search.example/blog/launch')
  const languages = page.getByRole('textbox', { name: /Language versions/ })
  await languages.fill('en https://search.example/blog/launch\nde')
  await languages.blur()
  await expect(page.getByText('Add the URL of the de version after its tag.')).toBeVisible()
  await languages.fill(
    'en https://search.example/blog/launch\nde https://search.example/de/blog/launch\nx-default https://search.example/blog/launch',
  )
  await page.getByRole('switch', { name: /nofollow/ }).click()

  // Structured data: text that is not JSON yet is kept and blocks Save; breadcrumbs come from the path.
  await page.getByRole('tab', { name: 'Structured data' }).click()
  await page.getByRole('button', { name: 'JSON' }).click()
  await structured.fill('[{ "@type": "Article", ')
  await expect(page.getByText(/This is not JSON yet/)).toBeVisible()
  await structured.fill(
    JSON.stringify([
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'We launched </script><script>alert(1)</script>',
      },
    ]),
  )
  await page.getByRole('button', { name: 'Breadcrumbs from the path' }).click()
  await expect(structured).toHaveValue(/"name": "Launch"/)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/Saved as revision 1/)).toBeVisible()

  // Reloaded, the fields show what was saved.
  await openHydrated(page, editorUrl(slug, hostname, '/blog/launch'))
  await expect(page.getByRole('textbox', { name: 'Canonical URL' })).toHaveValue(
    'https://search.example/blog/launch',
  )
  await expect(page.getByRole('switch', { name: /nofollow/ })).toBeChecked()

  // The public API serves them: the site's Organization first, then the page's items.
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', {
    organizationSlug: slug,
    siteHostname: hostname,
  })
  const answer = await page.request.get(
    url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=%2Fblog%2Flaunch`),
  )
  const { metadata } = (await answer.json()) as { metadata: Record<string, unknown> }
  expect(metadata).toMatchObject({
    title: 'We launched',
    canonical: 'https://search.example/blog/launch',
    robots: { nofollow: true },
    alternates: {
      en: 'https://search.example/blog/launch',
      de: 'https://search.example/de/blog/launch',
      'x-default': 'https://search.example/blog/launch',
    },
  })
  expect((metadata.jsonLd as { '@type': string }[]).map((item) => item['@type'])).toEqual([
    'Organization',
    'Article',
    'BreadcrumbList',
  ])
})
