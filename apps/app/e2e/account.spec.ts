import { type BrowserContext, expect } from '@playwright/test'
import {
  hydrated,
  linkFromMailbox,
  openAccount,
  openHydrated,
  PASSWORD,
  rpc,
  shoot,
  signedInAs,
  signIn,
  signOut,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
} from './helpers.ts'
import { base32Decode, totpCode } from './totp.ts'

test('profile: name and e-mail change; password change then sign in with the new one', async ({
  page,
}) => {
  const email = uniqueEmail('profile')
  await signUpAndVerify(page, email, 'Ada Lovelace')
  await openAccount(page, 'Ada Lovelace')

  const profile = page.getByRole('region', { name: 'Profile' })
  await profile.getByLabel('Name').fill('x'.repeat(101))
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(profile.getByText('The name can have at most 100 characters.')).toBeVisible()
  await profile.getByLabel('Name').fill('Ada King')
  await profile.getByLabel('Avatar URL').fill('javascript:alert(1)')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(profile.getByText(/The avatar must be/)).toBeVisible()
  await profile.getByLabel('Avatar URL').fill('https://example.com/ada.png')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile saved.')).toBeVisible()
  await expect(page.getByRole('button', { name: /Ada King/ })).toBeVisible()

  // The new address changes nothing until its link is opened.
  const newEmail = uniqueEmail('moved')
  const mail = page.getByRole('region', { name: 'E-mail address' })
  await mail.getByLabel('New e-mail').fill(newEmail)
  await mail.getByRole('button', { name: 'Change e-mail' }).click()
  await expect(mail.getByText('Check your inbox')).toBeVisible()
  expect(await signedInAs(page)).toBe(email)
  await page.goto(await linkFromMailbox(page, newEmail, 'verify-email'))
  await expect(page).toHaveURL(/\/app\/account$/)
  expect(await signedInAs(page)).toBe(newEmail)
  await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(newEmail)

  await hydrated(page)
  const password = page.getByRole('region', { name: 'Password' })
  await password.getByLabel('Current password').fill('not my password')
  await password.getByLabel('New password').fill('a brand new password')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByText('This is not your current password.')).toBeVisible()
  await password.getByLabel('Current password').fill(PASSWORD)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed.')).toBeVisible()

  await signOut(page)
  await signIn(page, newEmail, PASSWORD)
  await expect(page.getByRole('alert')).toBeVisible()
  await signIn(page, newEmail, 'a brand new password')
  await expect(page).toHaveURL(/\/app\//)
})

test('forgot password: a link by e-mail sets a new one, once', async ({ page }) => {
  const email = uniqueEmail('forgot')
  await signUpAndVerify(page, email, 'Forgetful Fred')
  await signOut(page)

  await openHydrated(page, '/get-started?mode=sign-in')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'E-mail me a link' }).click()
  await expect(page.getByText('Check your inbox')).toBeVisible()

  const link = await linkFromMailbox(page, email, 'reset-password')
  await page.goto(link)
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  await hydrated(page)
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText(/Password too short/)).toBeVisible()
  await page.getByLabel('New password').fill('a remembered password')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Your password is changed.')).toBeVisible()

  // The link is spent.
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('This link has been used or has expired.')

  await signIn(page, email, PASSWORD)
  await expect(page.getByRole('alert')).toBeVisible()
  await signIn(page, email, 'a remembered password')
  await expect(page).toHaveURL(/\/app\//)
})

test('sessions: another device is listed, and ending it signs it out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('sessions')
  await signUpAndVerify(page, email, 'Sam Sessions')
  const other: BrowserContext = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  })
  const phone = await other.newPage()
  await signIn(phone, email)
  await expect(phone).toHaveURL(/\/app\//)
  expect(await signedInAs(phone)).toBe(email)

  await openAccount(page, 'Sam Sessions')
  const sessions = page.getByRole('table', { name: 'Your sessions' })
  await expect(sessions.getByRole('row')).toHaveCount(3)
  await expect(sessions.getByRole('row', { name: /This device/ })).toBeVisible()
  const firefox = sessions.getByRole('row', { name: /Firefox on Linux/ })
  // localhost: 127.0.0.1, or ::1, which better-auth keeps as its /64 network.
  await expect(firefox).toContainText(/127\.0\.0\.1|::\/64/)
  await expect(sessions.getByRole('row', { name: /This device/ })).toContainText('Chrome on Linux')
  await shoot(page, 'account')
  await firefox.getByRole('button', { name: /Sign out/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out session' }).click()
  await expect(page.getByText('Firefox on Linux is signed out.')).toBeVisible()
  await expect(sessions.getByRole('row')).toHaveCount(2)

  // The other device's next request finds it signed out.
  expect(await signedInAs(phone)).toBeUndefined()
  await phone.reload()
  await expect(phone).toHaveURL(/\/get-started/)
  expect(await signedInAs(page)).toBe(email)
})

test('two-factor: set up with the app’s code; sign in with a code, then a recovery code', async ({
  page,
}) => {
  const email = uniqueEmail('totp')
  await signUpAndVerify(page, email, 'Tess Totp')
  await openAccount(page, 'Tess Totp')
  const section = page.getByRole('region', { name: 'Two-factor sign-in' })
  await section.getByLabel('Password').fill(PASSWORD)
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  const secretText = (await section.getByTestId('totp-secret').textContent()) ?? ''
  const key = base32Decode(secretText.replace(/\s+/g, ''))
  const recoveryCodes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents()
  expect(recoveryCodes).toHaveLength(10)
  await section
    .getByLabel('Code from the app')
    .fill('000000' === totpCode(key) ? '111111' : '000000')
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(
    section
      .getByRole('alert')
      .or(section.getByText(/invalid/i))
      .first(),
  ).toBeVisible()
  await section.getByLabel('Code from the app').fill(totpCode(key))
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible()
  await expect(section.getByText('On', { exact: true })).toBeVisible()

  await signOut(page)
  await signIn(page, email)
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  expect(await signedInAs(page)).toBeUndefined()
  await shoot(page, 'account-sign-in-second-step')
  await page.getByLabel('Code').fill(totpCode(key))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\//)
  expect(await signedInAs(page)).toBe(email)

  await signOut(page)
  await signIn(page, email)
  await page.getByRole('button', { name: 'Use a recovery code' }).click()
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\//)
  expect(await signedInAs(page)).toBe(email)
})

test('passkeys: register with the device’s authenticator, then sign in with it', async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  const email = uniqueEmail('passkey')
  await signUpAndVerify(page, email, 'Pat Passkey')
  await openAccount(page, 'Pat Passkey')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('Passkey added.')).toBeVisible()
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Passkey 1')

  await signOut(page)
  await openHydrated(page, '/get-started?mode=sign-in')
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(/\/app\//)
  expect(await signedInAs(page)).toBe(email)
})

test('delete account: refused for an organization’s only owner, then done', async ({ page }) => {
  const email = uniqueEmail('leaving')
  await signUpAndVerify(page, email, 'Lee Leaving')
  const slug = uniqueSlug('solo')
  await rpc(page, 'organizations/create', { name: 'Solo', slug })
  await openHydrated(page, '/app/account')

  async function confirmDelete() {
    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(`Type ${email} to confirm`).fill(email)
    await dialog.getByLabel('Your password').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Delete account' }).click()
    return dialog
  }
  const refused = await confirmDelete()
  await expect(refused).toContainText('You are the only owner of an organization.')
  await refused.getByRole('button', { name: 'Cancel' }).click()
  expect(await signedInAs(page)).toBe(email)

  await rpc(page, 'organizations/delete', { organizationSlug: slug, confirmSlug: slug })
  await confirmDelete()
  await expect(page).toHaveURL(/\/\?account=deleted$/)
  expect(await signedInAs(page)).toBeUndefined()
  await signIn(page, email)
  await expect(page.getByRole('alert')).toBeVisible()
})
