import { expect } from '@playwright/test'
import * as e2e from './helpers.ts'

const { editorUrl, openHydrated, rpc, test, url } = e2e

/**
 * An address that names something the organization does not have (a revision, a page, a site, a
 * webhook, an invitation) answers 404 with the route's not-found view and a title that says so:
 * never a server error.
 */
test('addresses of things that do not exist answer 404 with their not-found view', async ({
  page,
}) => {
  await e2e.signUpAndVerify(page, e2e.uniqueEmail('missing'), 'Nora Nowhere')
  const slug = await e2e.organizationWithSite(page, 'Missing Things', 'lost.example.com')
  await rpc(page, 'pages/create', {
    organizationSlug: slug,
    siteHostname: 'lost.example.com',
    path: '/Pricing',
  })

  const visits: Array<{ address: string; heading: string; title: RegExp }> = [
    // A revision id no revision of the page has.
    {
      address: editorUrl(slug, 'lost.example.com', '/Pricing', { metadataRevisionId: 'bogus' }),
      heading: 'Revision not found',
      title: /^Revision not found — Headmark$/,
    },
    // A path with a malformed % escape: no page can have it; the view says what is wrong.
    {
      address: editorUrl(slug, 'lost.example.com', '/%E0%A4%A'),
      heading: 'This could not be shown',
      title: /^Page not found — Headmark$/,
    },
    // A path the site has no page for.
    {
      address: editorUrl(slug, 'lost.example.com', '/nowhere'),
      heading: 'Page not found',
      title: /^Page not found — Headmark$/,
    },
    // The settings of a page the site does not have.
    {
      address: url(`/app/organizations/${slug}/sites/lost.example.com/page/edit?path=%2Fnowhere`),
      heading: 'Page not found',
      title: /^Page not found — Headmark$/,
    },
    // A site the organization does not have.
    {
      address: url(`/app/organizations/${slug}/sites/nowhere.example.com`),
      heading: 'Site not found',
      title: /^Site not found — Headmark$/,
    },
    // A webhook the site does not have.
    {
      address: url(
        `/app/organizations/${slug}/sites/lost.example.com/webhooks/00000000-0000-4000-8000-000000000000`,
      ),
      heading: 'Webhook not found',
      title: /^Webhook not found — Headmark$/,
    },
    // A change set the site does not have.
    {
      address: url(`/app/organizations/${slug}/sites/lost.example.com/changes/no-such-change-set`),
      heading: 'Change set not found',
      title: /^Change set not found — Headmark$/,
    },
    // An invitation that does not exist.
    {
      address: url('/app/invitations/no-such-invitation'),
      heading: 'Page not found',
      title: /^Page not found — Headmark$/,
    },
  ]
  for (const visit of visits) {
    const response = await openHydrated(page, visit.address)
    expect(response?.status(), visit.address).toBe(404)
    await expect(page.getByRole('heading', { name: visit.heading }), visit.address).toBeVisible()
    await expect(page, visit.address).toHaveTitle(visit.title)
  }
})
