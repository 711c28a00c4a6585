import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  createOrganization,
  createPage,
  createSite,
  editorUrl,
  hydrated,
  openHydrated,
  organizationWithSite,
  rpc,
  shoot,
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
  await page.getByRole('button', { name: 'Save', exact: true }).click()
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

test('a member proposes a rule change as a draft, keeps it on top of the owner’s newer save, and the owner publishes it; under the two-person rule the owner proposes too', async ({
  page,
  browser,
}) => {
  test.slow()
  await signUpAndVerify(page, uniqueEmail('rules-owner'), 'Rita Owner')
  const hostname = 'proposals.example'
  const slug = await organizationWithSite(page, 'Rule Proposals', hostname)
  const site = { organizationSlug: slug, siteHostname: hostname }
  const rule = await rpc<{ id: string }>(page, 'pathRules/create', {
    ...site,
    pattern: '/blog/**',
    metadata: { description: 'The blog.' },
  })
  const ruleUrl = `/app/organizations/${slug}/sites/${hostname}/rules/${rule.id}`
  const member = await addColleague(browser, page, slug, 'member', 'Milo Member')

  // A member may not change rules directly (the server refuses): no Save, a note, Save as draft.
  await openHydrated(member, ruleUrl)
  await expect(
    member.getByText(
      'Owners and admins publish rule changes: save yours as a draft and they review it in a change request.',
    ),
  ).toBeVisible()
  await expect(member.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  await expect(member.getByRole('button', { name: 'Delete rule' })).toHaveCount(0)
  await member.getByRole('textbox', { name: 'Description' }).fill('Stories from the team.')
  await shoot(member, 'rule-member')
  await member.getByRole('button', { name: 'Save as draft' }).click()
  await expect(member.getByText('Saved as a draft, not published')).toBeVisible()
  await expect(member.getByText('Saved as a draft in a new change request.')).toBeVisible()

  // The owner still saves directly; the member's draft now starts from an older revision.
  await openHydrated(page, ruleUrl)
  await expect(page.getByText(/publish rule changes/)).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Description' }).fill('News from the blog.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('/blog/** saved: its pages serve it now.')).toBeVisible()

  // The member's request shows the conflict; they keep their draft on top of the newer revision.
  await member.getByRole('link', { name: 'Open the change request' }).click()
  await expect(member).toHaveURL(/\/change-requests\/[^/]+$/)
  await hydrated(member)
  const rules = member.getByRole('region', { name: 'Path rules' })
  await expect(rules.getByText('Changed since the draft')).toBeVisible()
  await expect(member.getByText('1 conflict', { exact: true })).toBeVisible()
  await expect(rules.getByRole('button', { name: 'Drop it from the request' })).toBeVisible()
  await shoot(member, 'change-request-rule-conflict')
  await rules.getByRole('button', { name: 'Keep my draft' }).click()
  await expect(
    member.getByText('Your draft of /blog/** now builds on the newer revision.'),
  ).toBeVisible()
  await expect(rules.getByText('Changed since the draft')).toHaveCount(0)
  await expect(member.getByText('1 conflict', { exact: true })).toHaveCount(0)
  await expect(rules).toContainText('News from the blog.')
  await expect(rules).toContainText('Stories from the team.')
  await shoot(member, 'change-request-rule-rebased')

  // The owner approves and publishes it: the rule sets the member's description.
  await openHydrated(page, member.url())
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Approved')
  await page.getByRole('button', { name: 'Publish now' }).click()
  await page
    .getByRole('dialog', { name: 'Publish this change request now?' })
    .getByRole('button', { name: 'Publish' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Published')
  await openHydrated(page, ruleUrl)
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Stories from the team.',
  )

  // Under the two-person rule nobody changes a rule directly, owners included: they propose.
  await rpc(page, 'changeRequests/updatePolicy', {
    organizationSlug: slug,
    mode: 'direct',
    twoPersonRule: true,
    largeChangePages: 50,
  })
  await openHydrated(page, ruleUrl)
  await expect(
    page.getByText(
      'The two-person rule is on: rule changes are published through a change request another person approves.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save as draft' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete rule' })).toHaveCount(0)
  await shoot(page, 'rule-owner-two-person')
})

test('under the two-person rule an owner proposes a new rule, a rename and a deletion; another admin approves; the release applies them and the public API serves them', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signUpAndVerify(page, uniqueEmail('proposer'), 'Olga Owner')
  const hostname = 'proposals.example'
  const slug = await organizationWithSite(page, 'Rule Proposals', hostname)
  const site = { organizationSlug: slug, siteHostname: hostname }
  for (const [path, title] of [
    ['/docs/intro', 'Intro'],
    ['/news/a', 'A story'],
    ['/press/a', 'A release'],
    ['/old/b', 'Old page'],
  ] as const) {
    await rpc(page, 'pages/create', { ...site, path })
    await rpc(page, 'metadataRevisions/save', {
      ...site,
      pagePath: path,
      baseRevisionId: null,
      metadata: { title },
    })
  }
  const news = await rpc<{ id: string }>(page, 'pathRules/create', {
    ...site,
    pattern: '/news/*',
    metadata: { description: 'From the newsroom.' },
  })
  const old = await rpc<{ id: string }>(page, 'pathRules/create', {
    ...site,
    pattern: '/old/**',
    metadata: { description: 'An old page.' },
  })
  const admin = await addColleague(browser, page, slug, 'admin', 'Ada Admin')
  await rpc(page, 'changeRequests/updatePolicy', {
    organizationSlug: slug,
    mode: 'direct',
    twoPersonRule: true,
    largeChangePages: 50,
  })
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', site)
  const rulesUrl = `/app/organizations/${slug}/sites/${hostname}/rules`

  // A new rule: proposed, in a new change request, not created.
  await openHydrated(page, rulesUrl)
  await expect(page.getByRole('link', { name: 'Create rule' })).toHaveCount(0)
  await shoot(page, 'rules-rules-list-propose')
  await page.getByRole('link', { name: 'Propose a rule' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create a rule' })).toBeVisible()
  await hydrated(page)
  await page.getByRole('textbox', { name: 'Path pattern' }).fill('/docs/**')
  await page.getByRole('textbox', { name: 'Title template' }).fill('%s — Docs')
  const apply = page.getByRole('combobox', { name: 'Apply the rule' })
  await expect(apply.getByRole('option')).toHaveText(['Propose in a new change request'])
  await expect(page.getByText(/two-person rule is on/)).toBeVisible()
  await shoot(page, 'rules-new-rule-proposed')
  await page.getByRole('button', { name: 'Propose rule' }).click()
  await expect(page.getByRole('heading', { level: 3, name: /New rule \/docs\/\*\*/ })).toBeVisible()
  const requestUrl = page.url()
  expect(await servedAt(page, dsn, '/docs/intro')).toEqual({ title: 'Intro' })

  // A rename, into the same (open) change request.
  await openHydrated(page, `${rulesUrl}/${news.id}`)
  const change = page.getByRole('combobox', { name: 'Apply the change' })
  await expect(change).toHaveValue('draft')
  await expect(change.getByRole('option')).toHaveText([
    'Propose in my open change request “Changes to proposals.example”',
    'Propose in a new change request',
  ])
  await page.getByRole('textbox', { name: 'Path pattern' }).fill('/press/*')
  await shoot(page, 'rules-rule-rename-proposed')
  await page.getByRole('button', { name: 'Propose the change' }).click()
  await expect(page).toHaveURL(requestUrl)
  await expect(
    page.getByRole('heading', { level: 3, name: /\/news\/\* → \/press\/\*/ }),
  ).toBeVisible()

  // A deletion, into it too.
  await openHydrated(page, `${rulesUrl}/${old.id}`)
  await expect(page.getByRole('button', { name: 'Delete rule' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Propose deleting it' }).click()
  await page.getByRole('button', { name: 'Propose deletion' }).click()
  await expect(page).toHaveURL(requestUrl)
  await expect(page.getByRole('heading', { level: 3, name: /Delete \/old\/\*\*/ })).toBeVisible()
  const rules = page.getByRole('region', { name: 'Path rules' })
  await expect(rules.getByRole('heading', { level: 3 })).toHaveCount(3)

  // The admin saves /news/* meanwhile (the two-person rule off for a moment): the rename is in
  // conflict, and its diff shows the newer value against the draft, not the draft's base.
  const setPolicy = (twoPersonRule: boolean) =>
    rpc(page, 'changeRequests/updatePolicy', {
      organizationSlug: slug,
      mode: 'direct',
      twoPersonRule,
      largeChangePages: 50,
    })
  await setPolicy(false)
  const newsNow = await rpc<{ currentRevisionId: string }>(admin, 'pathRules/get', {
    ...site,
    ruleId: news.id,
  })
  await rpc(admin, 'pathRules/update', {
    ...site,
    ruleId: news.id,
    baseRevisionId: newsNow.currentRevisionId,
    metadata: { description: 'Newer from the newsroom.' },
  })
  await setPolicy(true)
  await openHydrated(page, requestUrl)
  const renameCard = rules.locator('.hm-card').filter({ hasText: '/news/* → /press/*' })
  await expect(renameCard.getByText('Changed since the draft')).toBeVisible()
  await expect(renameCard.getByText('Now (saved since the draft)')).toBeVisible()
  await expect(renameCard.getByText('Newer from the newsroom.')).toBeVisible()
  await expect(renameCard.getByText('From the newsroom.', { exact: true })).toBeVisible()
  await shoot(page, 'rules-change-request-rule-conflict')
  await renameCard.getByRole('button', { name: 'Keep my draft' }).click()
  await expect(renameCard.getByText('Changed since the draft')).toHaveCount(0)
  await expect(renameCard.getByText('Newer from the newsroom.')).toBeVisible()
  // The owner may neither approve their own request nor publish it unapproved.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0)
  await shoot(page, 'rules-change-request-rules')
  // Nothing proposed is served yet; the admin's direct save is.
  expect(await servedAt(page, dsn, '/news/a')).toEqual({
    title: 'A story',
    description: 'Newer from the newsroom.',
  })

  // Another admin approves and publishes: the three changes apply together.
  await openHydrated(admin, requestUrl)
  await admin.getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Approved')
  await admin.getByRole('button', { name: 'Publish now' }).click()
  await expect(admin.getByRole('dialog')).toContainText('Its 3 path rules go live together')
  await admin.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Published')

  expect(await servedAt(page, dsn, '/docs/intro')).toEqual({ title: 'Intro — Docs' })
  expect(await servedAt(page, dsn, '/press/a')).toEqual({
    title: 'A release',
    description: 'From the newsroom.',
  })
  expect(await servedAt(page, dsn, '/news/a')).toEqual({ title: 'A story' })
  expect(await servedAt(page, dsn, '/old/b')).toEqual({ title: 'Old page' })
  await openHydrated(page, rulesUrl)
  const list = page.getByRole('table', { name: 'Rules, least specific first' })
  await expect(list.getByRole('link')).toHaveText(['/docs/**', '/press/*'])
})
