import { expect } from '@playwright/test'
import {
  baseURL,
  createOrganization,
  linkFromMailbox,
  openHydrated,
  PASSWORD,
  signIn,
  signUp,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
  url,
} from './helpers.ts'

test('a visitor signs up, confirms their e-mail, creates an organization and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('journey')

  const home = await page.goto(url('/'))
  expect(home?.status()).toBe(200)
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }),
  ).toBeVisible()

  await signUpAndVerify(page, email, 'Grace Hopper')
  // A new user has neither organizations nor invitations: straight to creating one.
  await expect(page).toHaveURL(/\/app\/organizations\/create$/)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    'Create Organization',
  )

  await page.getByLabel('Name').fill('Acme Rockets')
  await expect(page.getByLabel('Slug')).toHaveValue('acme-rockets')
  await page.getByRole('button', { name: 'Create organization' }).click()

  // A new organization starts its onboarding by choosing a plan (e2e/onboarding.spec.ts goes on).
  await expect(page).toHaveURL(/\/app\/organizations\/acme-rockets\/onboarding\/plan$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a plan for Acme Rockets' }),
  ).toBeVisible()
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/app/organizations',
  )
  await expect(crumbs.getByRole('link', { name: 'Acme Rockets' })).toHaveAttribute(
    'href',
    '/app/organizations/acme-rockets',
  )
  await expect(crumbs.getByText('Onboarding')).toHaveAttribute('aria-current', 'page')

  // The signed-in navigation shows the user's menu.
  await page.getByRole('button', { name: /Grace Hopper/ }).click()
  await expect(page.getByRole('menu')).toContainText(email)
  // Pointing at "Sign Out" preloads its route; that must not sign anyone out.
  await page.getByRole('menuitem', { name: 'Sign Out' }).hover()
  await page.waitForTimeout(500)
  const session = await page.request.get(url('/api/auth/get-session'))
  expect(await session.json()).toMatchObject({ user: { email } })
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(url('/'))
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }),
  ).toBeVisible()

  // Guarded pages send a signed-out visitor to /get-started.
  await openHydrated(page, '/app/organizations/acme-rockets')
  await expect(page).toHaveURL(/\/get-started/)

  // Signing in again lands on the dashboard, which lists the organization.
  await signIn(page, email)
  await expect(page).toHaveURL(/\/app\/organizations$/)
  await expect(page.getByRole('link', { name: 'Acme Rockets' })).toBeVisible()

  // A signed-in visit to / goes to the dashboard.
  await openHydrated(page, '/')
  await expect(page).toHaveURL(/\/app\/organizations$/)
})

test('an unknown address shows the not-found page', async ({ page }) => {
  const response = await page.goto(url('/no/such/page'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible()
  await page.getByRole('link', { name: 'Go to home' }).click()
  await expect(page).toHaveURL(url('/'))
})

test('an anonymous visit to /app goes to /get-started', async ({ page }) => {
  await openHydrated(page, '/app')
  await expect(page).toHaveURL(/\/get-started$/)
})

test('sign-in returns only to a page of this site', async ({ page }) => {
  const email = uniqueEmail('return')
  await signUpAndVerify(page, email)
  // With an organization, the dashboard lists it rather than sending the user on to create one.
  await createOrganization(page, 'Return Co', uniqueSlug('return'))
  const onDashboard = async () => {
    await expect(page).toHaveURL(/\/app\/organizations$/)
    await expect(page.getByRole('link', { name: 'Return Co' })).toBeVisible()
  }
  const hostile = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ]

  // A destination on another site is ignored: signing in lands on the dashboard.
  for (const destination of hostile.slice(0, 2)) {
    await page.goto(url('/sign-out'))
    await expect(page).toHaveURL(url('/'))
    await openHydrated(
      page,
      `/get-started?mode=sign-in&redirect=${encodeURIComponent(destination)}`,
    )
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await onDashboard()
  }

  // Signed in, /get-started goes straight to a destination on this site, or else the dashboard.
  await openHydrated(
    page,
    `/get-started?redirect=${encodeURIComponent('/app/organizations/create')}`,
  )
  await expect(page).toHaveURL(url('/app/organizations/create'))
  for (const destination of hostile) {
    await openHydrated(page, `/get-started?redirect=${encodeURIComponent(destination)}`)
    await onDashboard()
  }
})

test('the server refuses a sign-up whose confirmation link would lead off the site', async ({
  request,
}) => {
  for (const callbackURL of ['//evil.example', '/\\evil.example', 'https://evil.example/app']) {
    const response = await request.post(url('/api/auth/sign-up/email'), {
      data: { name: 'Mallory', email: uniqueEmail('mallory'), password: PASSWORD, callbackURL },
      headers: { origin: baseURL() },
    })
    expect(response.status(), callbackURL).toBe(403)
  }
  // The same request with a path on this site, as the sign-up form sends it, is accepted.
  const accepted = await request.post(url('/api/auth/sign-up/email'), {
    data: {
      name: 'Ivy Invitee',
      email: uniqueEmail('ivy'),
      password: PASSWORD,
      callbackURL: '/app/invitations/inv_8f3kQ2',
    },
    headers: { origin: baseURL() },
  })
  expect(accepted.status(), await accepted.text()).toBe(200)
})

test('a magic link signs the user in', async ({ page }) => {
  const email = uniqueEmail('magic')
  await signUpAndVerify(page, email)
  await page.goto(url('/sign-out'))
  await expect(page).toHaveURL(url('/'))

  await openHydrated(page, '/get-started?mode=magic-link')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send magic link' }).click()
  await expect(page.getByText('Check your inbox')).toBeVisible()
  await openHydrated(page, await linkFromMailbox(page, email, 'magic-link'))
  await expect(page).toHaveURL(/\/app\//)
})

test.describe('bad input gets a clear message and keeps what was typed', () => {
  test('sign-up with a taken e-mail or a short password', async ({ page }) => {
    const email = uniqueEmail('taken')
    await signUp(page, email)

    await openHydrated(page, '/get-started')
    await page.getByLabel('Name').fill('Someone Else')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('alert')).toContainText(/already exists/i)
    await expect(page.getByLabel('E-mail')).toHaveValue(email)

    await page.getByLabel('E-mail').fill(uniqueEmail('short'))
    const password = page.getByLabel('Password')
    await password.fill('short')
    // The field says it is too short (to the browser too), before anything is sent, in the
    // server's words, on the field.
    expect(await password.evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(password).toHaveAccessibleDescription(/password too short/i)
    await expect(page.getByText('Check your inbox')).toHaveCount(0)
  })

  test('sign-in with a wrong password', async ({ page }) => {
    const email = uniqueEmail('wrong')
    await signUpAndVerify(page, email)
    await page.goto(url('/sign-out'))
    await expect(page).toHaveURL(url('/'))
    await signIn(page, email, 'not the password')
    await expect(page.getByRole('alert')).toContainText(/invalid email or password/i)
    await expect(page.getByLabel('E-mail')).toHaveValue(email)
  })

  test('a taken organization slug is refused and the form keeps its values', async ({ page }) => {
    await signUpAndVerify(page, uniqueEmail('slug-a'))
    await page.getByLabel('Name').fill('Shared Name')
    await page.getByLabel('Slug').fill('shared-slug')
    await page.getByRole('button', { name: 'Create organization' }).click()
    await expect(page).toHaveURL(/\/app\/organizations\/shared-slug\/onboarding\/plan$/)

    await openHydrated(page, '/app/organizations/create')
    await page.getByLabel('Name').fill('Second Name')
    await page.getByLabel('Slug').fill('shared-slug')
    await page.getByRole('button', { name: 'Create organization' }).click()
    await expect(page.getByText('The slug "shared-slug" is already taken.')).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue('Second Name')
    await expect(page.getByLabel('Slug')).toHaveValue('shared-slug')
  })

  test("another user's organization sends the visitor back to their dashboard", async ({
    page,
  }) => {
    await signUpAndVerify(page, uniqueEmail('owner'))
    await page.getByLabel('Name').fill('Private Org')
    await page.getByLabel('Slug').fill('private-org')
    await page.getByRole('button', { name: 'Create organization' }).click()
    await expect(page).toHaveURL(/\/app\/organizations\/private-org\/onboarding\/plan$/)
    await page.goto(url('/sign-out'))
    await expect(page).toHaveURL(url('/'))

    await signUpAndVerify(page, uniqueEmail('stranger'))
    await openHydrated(page, '/app/organizations/private-org')
    await expect(page).toHaveURL(/\/app\/organizations\/create$/)
    await expect(page.getByText('Private Org')).toHaveCount(0)
  })
})
