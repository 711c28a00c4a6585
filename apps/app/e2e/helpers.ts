import { expect, type Page } from '@playwright/test'

export function baseURL(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts')
  return url
}

export const url = (path: string) => new URL(path, baseURL()).toString()

let counter = 0
/** A new address for every account the suite creates, so tests never depend on each other. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}@example.com`
}

export const PASSWORD = 'correct horse battery staple'

/** Finds the newest e-mail to `to` in the development mailbox and returns its first link. */
export async function linkFromMailbox(page: Page, to: string, linkPart: string): Promise<string> {
  await page.goto(url('/dev/mailbox'))
  const message = page
    .getByRole('listitem')
    .filter({ hasText: `To ${to}` })
    .first()
  await expect(message).toBeVisible()
  const href = await message.locator(`a[href*="${linkPart}"]`).first().getAttribute('href')
  if (!href) throw new Error(`No ${linkPart} link in the e-mail to ${to}`)
  return href
}

export async function signUp(page: Page, email: string, name = 'Ada Lovelace'): Promise<void> {
  await page.goto(url('/get-started'))
  await page.getByRole('tab', { name: 'Sign up' }).click()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Check your inbox')).toBeVisible()
}

/** Signs up and confirms the address through the development mailbox: the user is signed in. */
export async function signUpAndVerify(page: Page, email: string, name?: string): Promise<void> {
  await signUp(page, email, name)
  await page.goto(await linkFromMailbox(page, email, 'verify-email'))
  await expect(page).toHaveURL(/\/app\//)
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(url('/get-started?mode=sign-in'))
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
