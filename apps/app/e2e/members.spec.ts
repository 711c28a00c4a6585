import { type Browser, expect, type Page } from '@playwright/test'
import {
  acceptInvitation,
  baseURL,
  createOrganization,
  hydrated,
  linkFromMailbox,
  openHydrated,
  openInvitationSignedOut,
  organizationId,
  organizationWithSite,
  PASSWORD,
  signUp,
  signUpAndVerify,
  signUpFromInvitation,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

test('an owner invites a colleague, who signs up from the e-mail, accepts and is promoted to admin', async ({
  page,
  browser,
}) => {
  test.slow()
  const ownerEmail = uniqueEmail('owner')
  const colleagueEmail = uniqueEmail('colleague')
  const slug = `team-${Date.now()}`

  await signUpAndVerify(page, ownerEmail, 'Olive Owner')
  await createOrganization(page, 'Team Rocket', slug)

  // The owner invites the colleague from the members page.
  await openHydrated(page, `/app/organizations/${slug}/members`)
  await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Members')
  await expect(page.getByRole('row', { name: /Olive Owner \(you\)/ })).toContainText('Owner')
  await expect(page.getByText('No pending invitations')).toBeVisible()
  await page.getByRole('link', { name: 'Invite member' }).click()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Invite Member')

  // The server's own message lands on the field.
  await page.getByLabel('E-mail').fill('not an address')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Enter an e-mail address, like ada@example.com.')).toBeVisible()

  await page.getByLabel('E-mail').fill(colleagueEmail)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/members$`))
  await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible()
  const pending = page.getByRole('table', { name: 'Pending invitations' })
  await expect(pending.getByRole('row', { name: new RegExp(colleagueEmail) })).toContainText(
    'Olive Owner',
  )

  // The e-mail arrives in the development mailbox with a link to the invitation.
  const colleagueContext = await browser.newContext()
  const colleague = await colleagueContext.newPage()
  const invitationLink = await linkFromMailbox(colleague, colleagueEmail, '/app/invitations/')

  // Signed out, the link leads to sign-up; confirming the address opens the invitation.
  await signUpFromInvitation(colleague, invitationLink, colleagueEmail, 'Cody Colleague')
  await expect(colleague.getByText(/Olive Owner \(.+\) invited you to join/)).toBeVisible()
  await acceptInvitation(colleague, 'Team Rocket')
  await expect(colleague).toHaveURL(new RegExp(`/app/organizations/${slug}`))

  // The colleague sees the organization as a member: no invite button, no role controls.
  await openHydrated(colleague, `/app/organizations/${slug}/members`)
  await expect(colleague.getByRole('row', { name: /Cody Colleague \(you\)/ })).toContainText(
    'Member',
  )
  await expect(colleague.getByRole('link', { name: 'Invite member' })).toHaveCount(0)
  await expect(colleague.getByRole('combobox')).toHaveCount(0)

  // The owner promotes the colleague to admin.
  await page.reload()
  await expect(page.getByText('No pending invitations')).toBeVisible()
  await page
    .getByRole('combobox', { name: 'Role of Cody Colleague' })
    .selectOption({ label: 'Admin' })
  await expect(page.getByText('Cody Colleague is now admin.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Role of Cody Colleague' })).toHaveValue('admin')

  // The colleague's member list shows them as admin, and they may now invite.
  await colleague.reload()
  await expect(colleague.getByRole('row', { name: /Cody Colleague \(you\)/ })).toContainText(
    'Admin',
  )
  await expect(colleague.getByRole('link', { name: 'Invite member' })).toBeVisible()

  // The only owner can not leave: the dialog says why, and its Leave is disabled.
  await page.getByRole('button', { name: 'Leave Team Rocket' }).click()
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Leave organization' }),
  ).toBeDisabled()
  await expect(page.getByRole('dialog')).toContainText('You are its only owner')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await colleagueContext.close()
})

test('an invitee rejects an invitation and goes back to the dashboard', async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail('owner')
  const inviteeEmail = uniqueEmail('invitee')
  const slug = `reject-${Date.now()}`
  await signUpAndVerify(page, ownerEmail, 'Olive Owner')
  await createOrganization(page, 'Reject Co', slug)

  const inviteeContext = await browser.newContext()
  const invitee = await inviteeContext.newPage()
  await signUpAndVerify(invitee, inviteeEmail, 'Ivy Invitee')

  await openHydrated(page, `/app/organizations/${slug}/members/invite`)
  await page.getByLabel('E-mail').fill(inviteeEmail)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible()

  await openHydrated(invitee, await linkFromMailbox(invitee, inviteeEmail, '/app/invitations/'))
  await invitee.getByRole('button', { name: 'Reject' }).click()
  await expect(invitee.getByText('You declined the invitation to Reject Co.')).toBeVisible()
  await expect(invitee).toHaveURL(/\/app\/organizations/)
  await expect(invitee.getByRole('link', { name: 'Reject Co' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByText('No pending invitations')).toBeVisible()
  await inviteeContext.close()
})

/**
 * An owner's organization and an invitee who has an account but is signed out, with the
 * invitation's link from the e-mail the invitee received; the invitee has opened it and is on
 * /get-started, asked to sign in.
 */
async function invitationToSignedOutInvitee(
  owner: Page,
  browser: Browser,
  organizationName: string,
  { confirmed = true } = {},
): Promise<{ invitee: Page; inviteeEmail: string; invitationLink: string }> {
  const slug = `${organizationName.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`
  const inviteeEmail = uniqueEmail('invitee')
  await signUpAndVerify(owner, uniqueEmail('owner'), 'Olive Owner')
  await createOrganization(owner, organizationName, slug)

  const invitee = await (await browser.newContext()).newPage()
  if (confirmed) {
    await signUpAndVerify(invitee, inviteeEmail, 'Ivy Invitee')
    await invitee.goto(url('/sign-out'))
    await expect(invitee).toHaveURL(url('/'))
  } else {
    // Signed up, never confirmed: not signed in.
    await signUp(invitee, inviteeEmail, 'Una Unconfirmed')
  }

  await openHydrated(owner, `/app/organizations/${slug}/members/invite`)
  await owner.getByLabel('E-mail').fill(inviteeEmail)
  await owner.getByRole('button', { name: 'Send invitation' }).click()
  await expect(owner.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible()
  const invitationLink = await linkFromMailbox(invitee, inviteeEmail, '/app/invitations/')
  await openInvitationSignedOut(invitee, invitationLink)
  return { invitee, inviteeEmail, invitationLink }
}

// A signed-out invitee with an account comes back to the invitation whichever way they sign in.
const comebacks = [
  {
    title: 'a signed-out invitee with an account signs in from the invitation link and lands on it',
    organization: 'Sign In Co',
    async signIn(invitee: Page, email: string) {
      // Choosing the tab keeps the invitation as the place to come back to.
      await invitee.getByRole('tab', { name: 'Sign in' }).click()
      await expect(invitee).toHaveURL(/mode=sign-in/)
      await expect(invitee).toHaveURL(/redirect=/)
      await invitee.getByLabel('E-mail').fill(email)
      await invitee.getByLabel('Password').fill(PASSWORD)
      await invitee.getByRole('button', { name: 'Sign in' }).click()
    },
  },
  {
    title:
      'a signed-out invitee asks for a magic link from the invitation link and the link opens it',
    organization: 'Magic Co',
    async signIn(invitee: Page, email: string) {
      await invitee.getByRole('tab', { name: 'Magic link' }).click()
      await invitee.getByLabel('E-mail').fill(email)
      await invitee.getByRole('button', { name: 'Send magic link' }).click()
      await expect(invitee.getByText('Check your inbox')).toBeVisible()
      await invitee.goto(await linkFromMailbox(invitee, email, 'magic-link'))
    },
  },
]

for (const { title, organization, signIn } of comebacks) {
  test(title, async ({ page, browser }) => {
    const { invitee, inviteeEmail, invitationLink } = await invitationToSignedOutInvitee(
      page,
      browser,
      organization,
    )
    await signIn(invitee, inviteeEmail)
    await expect(invitee).toHaveURL(invitationLink)
    await hydrated(invitee)
    await acceptInvitation(invitee, organization)
  })
}

test('an invitee who never confirmed their account signs in from the invitation; the new link leads back to it', async ({
  page,
  browser,
}) => {
  const { invitee, inviteeEmail, invitationLink } = await invitationToSignedOutInvitee(
    page,
    browser,
    'Unconfirmed Co',
    { confirmed: false },
  )
  await invitee.getByRole('tab', { name: 'Sign in' }).click()
  await invitee.getByLabel('E-mail').fill(inviteeEmail)
  await invitee.getByLabel('Password').fill(PASSWORD)
  await invitee.getByRole('button', { name: 'Sign in' }).click()
  await expect(invitee.getByRole('alert')).toHaveText(
    'Confirm your e-mail address first: we have sent you a new link that signs you in.',
  )

  // The newest confirmation link, not the one from signing up.
  const confirmation = await linkFromMailbox(invitee, inviteeEmail, 'verify-email')
  expect(new URL(confirmation).searchParams.get('callbackURL')).toBe(
    new URL(invitationLink).pathname,
  )
  await openHydrated(invitee, confirmation)
  await expect(invitee).toHaveURL(invitationLink)
  await acceptInvitation(invitee, 'Unconfirmed Co')
})

test('accepting an invitation shows only that you joined, no error', async ({ page, browser }) => {
  await signUpAndVerify(page, uniqueEmail('quiet-owner'), 'Quinn Owner')
  const slug = await organizationWithSite(page, 'Quiet Co', 'quiet.example.com')
  const inviteeEmail = uniqueEmail('quiet-invitee')
  const invited = await page.request.post(url('/api/auth/organization/invite-member'), {
    data: { email: inviteeEmail, role: 'member', organizationId: await organizationId(page, slug) },
    headers: { origin: baseURL() },
  })
  expect(invited.ok(), await invited.text()).toBe(true)

  const invitee = await (await browser.newContext()).newPage()
  await signUpAndVerify(invitee, inviteeEmail, 'Ivy Invitee')
  const invitationLink = await linkFromMailbox(invitee, inviteeEmail, '/app/invitations/')
  const missing: string[] = []
  invitee.on('response', (response) => {
    if (response.url().includes('/api/rpc/invitations/get') && response.status() === 404) {
      missing.push(response.url())
    }
  })
  await openHydrated(invitee, invitationLink)
  await acceptInvitation(invitee, 'Quiet Co')
  await expect(invitee).toHaveURL(new RegExp(`/app/organizations/${slug}$`))
  await invitee.waitForLoadState('networkidle')
  await expect(invitee.getByText(/This invitation was not found/)).toHaveCount(0)
  expect(missing).toEqual([])
})
