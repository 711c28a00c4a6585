import { expect, type Page } from '@playwright/test'
import { type CapturedEvent, E2E_FIXTURES_ORIGIN } from './fixtures-server.ts'
import { openHydrated, signUpAndVerify, test, uniqueEmail, url } from './helpers.ts'

const ANALYTICS_KEY = 'phc_headmark_e2e'

// The analytics library drops events from browsers that look automated (a "HeadlessChrome" user
// agent, navigator.webdriver): present the browser as the desktop Chrome it is.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
})
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  )
})

async function captured(): Promise<CapturedEvent[]> {
  return (await (await fetch(`${E2E_FIXTURES_ORIGIN}/captured`)).json()) as CapturedEvent[]
}

/** The analytics library's id for this browser, from its own storage. */
async function distinctId(page: Page): Promise<string | undefined> {
  return page.evaluate((key) => {
    const stored = localStorage.getItem(`ph_${key}_posthog`)
    return stored ? (JSON.parse(stored) as { distinct_id?: string }).distinct_id : undefined
  }, ANALYTICS_KEY)
}

const pageviewsOf = (events: CapturedEvent[], id: string) =>
  events
    .filter((event) => event.event === '$pageview' && event.properties.distinct_id === id)
    .map((event) => new URL(String(event.properties.$current_url)).pathname)

test('a page view is recorded on every navigation, through the app’s own /ingest', async ({
  page,
}) => {
  const ingest: string[] = []
  page.on('request', (request) => {
    const requestUrl = new URL(request.url())
    if (requestUrl.pathname.startsWith('/ingest')) ingest.push(requestUrl.origin)
  })
  await openHydrated(page, '/')
  // The library loads at a person's first interaction (or a few seconds after the load event).
  await page.mouse.move(40, 40)
  await expect.poll(() => distinctId(page)).toBeTruthy()
  const id = (await distinctId(page))!

  const main = page.getByRole('navigation', { name: 'Main' })
  await main.getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL(url('/pricing'))
  await main.getByRole('link', { name: 'Changelog' }).click()
  await expect(page).toHaveURL(url('/changelog'))
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Next.js' })
    .click()
  await expect(page).toHaveURL(url('/nextjs'))

  await expect
    .poll(async () => pageviewsOf(await captured(), id), { timeout: 20_000 })
    .toEqual(['/', '/pricing', '/changelog', '/nextjs'])
  // Every analytics request went to this site's own origin.
  expect(ingest.length).toBeGreaterThan(0)
  expect(new Set(ingest)).toEqual(new Set([new URL(url('/')).origin]))
})

test('the signed-in user is identified for analytics and chat, and both forget them on sign-out', async ({
  page,
}) => {
  const email = uniqueEmail('analytics')
  await signUpAndVerify(page, email, 'Katherine Johnson')
  const session = (await (await page.request.get(url('/api/auth/get-session'))).json()) as {
    user: { id: string }
  }
  const userId = session.user.id

  // Analytics: identify(id, { email, name }).
  await expect
    .poll(
      async () =>
        (await captured()).find(
          (event) => event.event === '$identify' && event.properties.distinct_id === userId,
        )?.$set,
      { timeout: 20_000 },
    )
    .toEqual(expect.objectContaining({ email, name: 'Katherine Johnson' }))

  // The page view of the page the user landed on is theirs.
  await expect
    .poll(async () => pageviewsOf(await captured(), userId), { timeout: 20_000 })
    .toContain('/app/organizations/create')

  // Chat: the widget script came from the configured origin and received the user.
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __chat?: { attributes: unknown } }).__chat?.attributes,
      ),
    )
    .toEqual({ name: 'Katherine Johnson', email, id: userId })

  await page.getByRole('button', { name: /Katherine Johnson/ }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(url('/'))

  // Chat attributes cleared.
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __chat?: { attributes: unknown } }).__chat?.attributes,
      ),
    )
    .toEqual({ name: '', email: '', id: '' })
  // Analytics reset: a new anonymous id, and the home page view is not linked to the user.
  await expect.poll(() => distinctId(page)).not.toBe(userId)
  const anonymousId = (await distinctId(page))!
  expect(anonymousId).toBeTruthy()
  await expect
    .poll(async () => pageviewsOf(await captured(), anonymousId), { timeout: 20_000 })
    .toContain('/')
})
