import { expect } from '@playwright/test'
import {
  openHydrated,
  organizationWithSite,
  signUpAndVerify,
  test,
  uniqueEmail,
} from './helpers.ts'

// A screen whose data can not be loaded (the server down, or answering 500) says so, with a way to
// try again and a toast, rather than spinning; Try again loads it once the server answers.
test('a screen whose loader fails shows the error with Try again, and loads when the server is back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signUpAndVerify(page, uniqueEmail('loader'))
  const slug = await organizationWithSite(page, 'Loader Works', 'loader.example')
  await openHydrated(page, `/app/organizations/${slug}`)

  // From now on every call to the API fails, as when the server is down behind a proxy.
  let failing = true
  await page.route('**/api/rpc/**', (route) =>
    failing
      ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' })
      : route.fallback(),
  )
  await page.locator('a[href$="/sites/loader.example"]').first().click()

  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong!' })
  await expect(alert).toBeVisible({ timeout: 20_000 })
  await expect(
    page.locator('.hm-toast--error').filter({ hasText: 'An unexpected error occurred.' }).first(),
  ).toBeVisible()

  // The server is back: Try again loads the screen in place.
  failing = false
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Loader Works' })).toBeVisible()
  await expect(alert).toBeHidden()
})
