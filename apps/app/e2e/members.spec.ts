import { expect, test } from '@playwright/test'
import {
  createOrganization,
  linkFromMailbox,
  PASSWORD,
  signUpAndVerify,
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
  await page.goto(url(`/app/organizations/${slug}/members`))
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

  // Signed out, the link leads to sign-up; once confirmed, the dashboard lists the invitation.
  await colleague.goto(invitationLink)
  await expect(colleague).toHaveURL(/\/get-started/)
  await colleague.getByRole('tab', { name: 'Sign up' }).click()
  await colleague.getByLabel('Name').fill('Cody Colleague')
  await colleague.getByLabel('E-mail').fill(colleagueEmail)
  await colleague.getByLabel('Password').fill(PASSWORD)
  await colleague.getByRole('button', { name: 'Create account' }).click()
  await expect(colleague.getByText('Check your inbox')).toBeVisible()
  await colleague.goto(await linkFromMailbox(colleague, colleagueEmail, 'verify-email'))
  await expect(colleague).toHaveURL(/\/app\/organizations$/)
  await colleague.getByRole('link', { name: 'Team Rocket' }).click()

  await expect(colleague).toHaveURL(invitationLink)
  await expect(colleague.getByRole('heading', { level: 1, name: 'Join Team Rocket' })).toBeVisible()
  await expect(colleague.getByText(/Olive Owner \(.+\) invited you to join/)).toBeVisible()
  await colleague.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(colleague).toHaveURL(new RegExp(`/app/organizations/${slug}`))
  await expect(colleague.getByText('You joined Team Rocket.')).toBeVisible()

  // The colleague sees the organization as a member: no invite button, no role controls.
  await colleague.goto(url(`/app/organizations/${slug}/members`))
  await expect(colleague.getByRole('row', { name: /Cody Colleague \(you\)/ })).toContainText(
    'Member',
  )
  await expect(colleague.getByRole('link', { name: 'Invite member' })).toHaveCount(0)
  await expect(colleague.getByRole('combobox')).toHaveCount(0)

  // The owner promotes the colleague to admin.
  await page.reload()
  await expect(page.getByText('No pending invitations')).toBeVisible()
  await page.getByRole('combobox', { name: 'Role of Cody Colleague' }).click()
  await page.getByRole('option', { name: 'Admin' }).click()
  await expect(page.getByText('Cody Colleague is now admin.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Role of Cody Colleague' })).toHaveText(/Admin/)

  // The colleague's member list shows them as admin, and they may now invite.
  await colleague.reload()
  await expect(colleague.getByRole('row', { name: /Cody Colleague \(you\)/ })).toContainText(
    'Admin',
  )
  await expect(colleague.getByRole('link', { name: 'Invite member' })).toBeVisible()

  // The only owner can not leave: the dialog says why.
  await page.getByRole('button', { name: 'Leave Team Rocket' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Leave organization' }).click()
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
    'An organization needs at least one owner',
  )
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

  await page.goto(url(`/app/organizations/${slug}/members/invite`))
  await page.getByLabel('E-mail').fill(inviteeEmail)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible()

  await invitee.goto(await linkFromMailbox(invitee, inviteeEmail, '/app/invitations/'))
  await invitee.getByRole('button', { name: 'Reject' }).click()
  await expect(invitee.getByText('You declined the invitation to Reject Co.')).toBeVisible()
  await expect(invitee).toHaveURL(/\/app\/organizations/)
  await expect(invitee.getByRole('link', { name: 'Reject Co' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByText('No pending invitations')).toBeVisible()
  await inviteeContext.close()
})
