import { type BrowserContext, expect, type Page } from '@playwright/test'
import {
  acceptInvitation,
  hydrated,
  linkFromMailbox,
  openAccount,
  openHydrated,
  PASSWORD,
  signedInAs,
  signIn,
  signOutFromMenu,
  signUpAndVerify,
  signUpFromInvitation,
  test,
  uniqueEmail,
  uniqueSlug,
} from './helpers.ts'
import { base32Decode, totpCode } from './totp.ts'

// What a newcomer meets, walked by one person from the first visit on: an account set up with
// two-factor sign-in and a passkey (Chromium's virtual authenticator), a sign-in with each, a
// password reset from the mailbox, a colleague who joins while the organization has no site yet,
// and the site's webhooks, the account and the members reached by clicking.

const organizationNav = (page: Page) => page.getByRole('navigation', { name: 'Organization' })
const siteNav = (page: Page) => page.getByRole('navigation', { name: 'Site' })

/**
 * Collects what would tell a person that something broke, in every page of `context`: error
 * toasts (however briefly shown), the error screen ("Something went wrong!"), uncaught exceptions
 * and server errors.
 */
async function watchForErrors(context: BrowserContext): Promise<string[]> {
  const problems: string[] = []
  await context.exposeBinding('__reportErrorToast', (_source, text: string) => {
    problems.push(`error shown: ${text}`)
  })
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>()
    const report = (window as unknown as { __reportErrorToast: (text: string) => void })
      .__reportErrorToast
    new MutationObserver(() => {
      for (const shown of document.querySelectorAll('.hm-toast--error, .error-view')) {
        if (seen.has(shown)) continue
        seen.add(shown)
        report(shown.textContent ?? '')
      }
    }).observe(document, { childList: true, subtree: true })
  })
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`))
  context.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`)
  })
  return problems
}

/** On the sign-in step of /get-started: enters the password, then the app's current code. */
async function signInWithCode(page: Page, email: string, key: Buffer, password = PASSWORD) {
  await signIn(page, email, password)
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  expect(await signedInAs(page)).toBeUndefined()
  await page.getByLabel('Code').fill(totpCode(key))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\//)
  expect(await signedInAs(page)).toBe(email)
}

test('a newcomer sets up two-factor and a passkey, resets the password, brings in a colleague before any site, and finds the webhooks', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(300_000)
  const problems = await watchForErrors(context)

  // This device's authenticator, as a laptop's fingerprint reader would be.
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

  const name = 'Nell Newcomer'
  const email = uniqueEmail('newcomer')
  const organization = 'Newcomer Co'
  const slug = uniqueSlug('newcomer')
  const org = `/app/organizations/${slug}`
  const newPassword = 'a password set from the mailbox'
  let key: Buffer = Buffer.alloc(0)
  let recoveryCode = ''

  await test.step('signs up, confirms the address from the mailbox and starts an organization', async () => {
    await signUpAndVerify(page, email, name)
    await expect(page).toHaveURL(/\/app\/organizations\/create$/)
    await page.getByLabel('Name').fill(organization)
    await page.getByLabel('Slug').fill(slug)
    await page.getByRole('button', { name: 'Create organization' }).click()
    await expect(page).toHaveURL(new RegExp(`${org}/onboarding/plan$`))
    await hydrated(page)
    await page.getByRole('button', { name: 'Choose Team' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: `${organization} is on the Team plan` }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Create your first site' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your first site' }),
    ).toBeVisible()
  })

  await test.step('turns on two-factor sign-in with the app’s code and keeps a recovery code', async () => {
    await openAccount(page, name)
    const section = page.getByRole('region', { name: 'Two-factor sign-in' })
    await section.getByLabel('Password').fill(PASSWORD)
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    const secretText = (await section.getByTestId('totp-secret').textContent()) ?? ''
    key = base32Decode(secretText.replace(/\s+/g, ''))
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await expect(codes).toHaveCount(10)
    recoveryCode = (await codes.first().textContent()) ?? ''
    expect(recoveryCode).not.toBe('')
    await section.getByLabel('Code from the app').fill(totpCode(key))
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible()
    await expect(section.getByText('On', { exact: true })).toBeVisible()
  })

  await test.step('adds a passkey with this device’s authenticator', async () => {
    const section = page.getByRole('region', { name: 'Passkeys' })
    await section.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(page.getByText('Passkey added.')).toBeVisible()
    await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Passkey 1')
  })

  await test.step('signs in with the password and a code, then a recovery code, then the passkey', async () => {
    await signOutFromMenu(page, name)
    expect(await signedInAs(page)).toBeUndefined()
    await signInWithCode(page, email, key)

    // Without the phone: the recovery code kept at set-up.
    await signOutFromMenu(page, name)
    await signIn(page, email)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCode)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/app\//)
    expect(await signedInAs(page)).toBe(email)

    await signOutFromMenu(page, name)
    await openHydrated(page, '/get-started?mode=sign-in')
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await expect(page).toHaveURL(/\/app\//)
    expect(await signedInAs(page)).toBe(email)
  })

  await test.step('forgets the password: a link from the mailbox sets a new one, which signs in', async () => {
    await signOutFromMenu(page, name)
    await openHydrated(page, '/get-started?mode=sign-in')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    // The address changes before the page does: the sign-in form has an E-mail field too.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeVisible()
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'E-mail me a link' }).click()
    await expect(page.getByText('Check your inbox')).toBeVisible()

    await page.goto(await linkFromMailbox(page, email, 'reset-password'))
    await expect(page).toHaveURL(/\/reset-password\?token=/)
    await hydrated(page)
    await page.getByLabel('New password').fill(newPassword)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page.getByText('Your password is changed.')).toBeVisible()

    await signIn(page, email, PASSWORD)
    await expect(page.getByRole('alert')).toBeVisible()
    expect(await signedInAs(page)).toBeUndefined()
    // The new password still asks for the second factor.
    await signInWithCode(page, email, key, newPassword)
  })

  const colleagueEmail = uniqueEmail('newcomer-colleague')
  await test.step('invites a colleague by e-mail while the organization has no site', async () => {
    // Without a site, the organization's home is its onboarding, under the organization's tabs.
    await openHydrated(page, org)
    await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))
    await organizationNav(page).getByRole('link', { name: 'Members' }).click()
    await expect(page).toHaveURL(new RegExp(`${org}/members$`))
    await page.getByRole('link', { name: 'Invite member' }).click()
    await expect(page).toHaveURL(new RegExp(`${org}/members/invite$`))
    await hydrated(page)
    await page.getByLabel('E-mail').fill(colleagueEmail)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`Invitation sent to ${colleagueEmail}.`)).toBeVisible()
  })

  await test.step('the colleague signs up from the invitation, joins, and is told who adds sites', async () => {
    const colleagueContext = await browser.newContext()
    const colleagueProblems = await watchForErrors(colleagueContext)
    const colleague = await colleagueContext.newPage()
    const invitationLink = await linkFromMailbox(colleague, colleagueEmail, '/app/invitations/')
    await signUpFromInvitation(colleague, invitationLink, colleagueEmail, 'Cam Colleague')
    await acceptInvitation(colleague, organization)

    // The organization's home, not its onboarding (which a member may not use): no dead end.
    await expect(colleague).toHaveURL(new RegExp(`${org}$`))
    await expect(colleague.getByRole('heading', { level: 1, name: organization })).toBeVisible()
    await expect(colleague.getByText('No sites yet')).toBeVisible()
    await expect(
      colleague.getByText(
        'An owner or admin of this organization adds sites; you can then edit their pages.',
      ),
    ).toBeVisible()
    await expect(colleague.getByText('Only owners and admins can do this')).toHaveCount(0)
    await expect(colleague.getByRole('link', { name: 'Back to the organization' })).toHaveCount(0)
    await expect(colleague.getByRole('link', { name: 'Create site' })).toHaveCount(0)

    // Members, by its tab, lists them both.
    await organizationNav(colleague).getByRole('link', { name: 'Members' }).click()
    await expect(colleague).toHaveURL(new RegExp(`${org}/members$`))
    await expect(colleague.getByRole('row', { name: /Cam Colleague \(you\)/ })).toContainText(
      'Member',
    )
    await expect(colleague.getByRole('row', { name: new RegExp(name) })).toContainText('Owner')
    expect(colleagueProblems).toEqual([])
    await colleagueContext.close()
  })

  const hostname = `${slug}.example.com`
  await test.step('creates the first site', async () => {
    await organizationNav(page).getByRole('link', { name: 'Sites' }).click()
    await expect(page).toHaveURL(new RegExp(`${org}/onboarding/site$`))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your first site' }),
    ).toBeVisible()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Newcomer web')
    await page.getByLabel('Hostname').fill(hostname)
    await page.getByRole('button', { name: 'Create site' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Install Headmark on Newcomer web' }),
    ).toBeVisible()
    await page.getByRole('link', { name: `Go to ${organization}` }).click()
    await expect(page).toHaveURL(new RegExp(`${org}$`))
    await expect(page.getByRole('heading', { level: 1, name: organization })).toBeVisible()
  })

  await test.step('reaches the site’s webhooks, the account and the members by clicking', async () => {
    await page.getByRole('link', { name: 'Newcomer web' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Newcomer web' })).toBeVisible()
    await siteNav(page).getByRole('link', { name: 'Webhooks' }).click()
    await expect(page).toHaveURL(
      new RegExp(`${org}/sites/${hostname.replaceAll('.', '\\.')}/webhooks$`),
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
    await expect(siteNav(page).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByText('No webhooks yet')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Create webhook' })).toBeVisible()

    await openAccount(page, name)
    await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText('On')
    await expect(
      page.getByRole('region', { name: 'Passkeys' }).getByRole('list', { name: 'Your passkeys' }),
    ).toContainText('Passkey 1')

    // Back to the organization through the user menu's switcher, then its Members tab.
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(name) })
      .click()
    await page.getByRole('menuitem', { name: organization }).click()
    await expect(page).toHaveURL(new RegExp(`${org}$`))
    await organizationNav(page).getByRole('link', { name: 'Members' }).click()
    await expect(page).toHaveURL(new RegExp(`${org}/members$`))
    await expect(page.getByRole('row', { name: /Cam Colleague/ })).toContainText('Member')
    await expect(page.getByRole('row', { name: new RegExp(`${name} \\(you\\)`) })).toContainText(
      'Owner',
    )
  })

  expect(problems).toEqual([])
})
