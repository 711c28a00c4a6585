import { expect } from '@playwright/test'
import { mailboxUrl, openHydrated, test } from './helpers.ts'

test('the contact form checks its fields and e-mails the operator', async ({ page }) => {
  await openHydrated(page, '/contact')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Enter your name.')).toBeVisible()
  await expect(page.getByText('Enter an e-mail address such as you@example.com.')).toBeVisible()

  const message = `Can one organization hold sites on two domains? ${Date.now()}`
  await page.getByLabel('Name').fill('Mary Jackson')
  await page.getByLabel('E-mail').fill('mary@example.com')
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status')).toContainText('your message is on its way')

  await page.goto(mailboxUrl())
  const mail = page.getByRole('listitem').filter({ hasText: message })
  await expect(mail).toContainText('Contact form: Mary Jackson')
  await expect(mail).toContainText('From: Mary Jackson <mary@example.com>')
})
