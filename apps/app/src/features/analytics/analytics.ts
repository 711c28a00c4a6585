import type { PostHog } from 'posthog-js'
import { env } from '~/env.ts'
import { developmentPublicEnv } from '~/public-env-defaults.ts'

/** How long the analytics library may take to load before the page gives up on it (spec §9). */
export const ANALYTICS_LOAD_TIMEOUT_MS = 10_000

/** The app's own path that forwards analytics traffic to `VITE_ANALYTICS_HOST`. */
export const INGEST_PATH = '/ingest'

/** Analytics is off, with nothing loaded, while the key is the development placeholder. */
export function analyticsEnabled(key: string = env.VITE_ANALYTICS_KEY): boolean {
  return key !== developmentPublicEnv.VITE_ANALYTICS_KEY
}

let releaseStart: () => void = () => {}
const started = new Promise<void>((resolve) => {
  releaseStart = resolve
})
let client: Promise<PostHog | null> | undefined

async function loadPosthog(): Promise<PostHog | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[analytics] The library did not load within ${ANALYTICS_LOAD_TIMEOUT_MS} ms.`)
      resolve(null)
    }, ANALYTICS_LOAD_TIMEOUT_MS)
  })
  const loaded = import('posthog-js').then(({ default: posthog }) => {
    posthog.init(env.VITE_ANALYTICS_KEY, {
      api_host: INGEST_PATH,
      ui_host: env.VITE_ANALYTICS_HOST,
      // Page views are sent by the router on every navigation, see AnalyticsTracker.
      capture_pageview: false,
      capture_pageleave: true,
      person_profiles: 'identified_only',
      disable_session_recording: true,
      disable_surveys: true,
    })
    return posthog
  })
  try {
    return await Promise.race([loaded, timeout])
  } catch (error) {
    console.warn('[analytics] The library could not be loaded.', error)
    return null
  } finally {
    clearTimeout(timer)
  }
}

/** Calls wait here until {@link startAnalytics}; they then run in the order they were made. */
function withClient(run: (posthog: PostHog) => void): void {
  if (typeof window === 'undefined' || !analyticsEnabled()) return
  client ??= started.then(loadPosthog)
  void client.then((posthog) => {
    if (posthog) run(posthog)
  })
}

/** Loads the library; called once the page is interactive, so it never delays rendering. */
export function startAnalytics(): void {
  releaseStart()
}

/** Links what follows to the signed-in user. */
export function identifyUser(user: { id: string; email: string; name: string }): void {
  withClient((posthog) => posthog.identify(user.id, { email: user.email, name: user.name }))
}

/**
 * Records a page view of the current location. The address and time are taken now: the library
 * may load seconds later (see afterInteractive), after further navigations.
 */
export function capturePageview(): void {
  if (typeof window === 'undefined') return
  const url = window.location.href
  const timestamp = new Date()
  withClient((posthog) =>
    posthog.capture(
      '$pageview',
      { $current_url: url, $pathname: new URL(url).pathname },
      { timestamp },
    ),
  )
}

/** Forgets the user on sign-out: the next visitor on this browser is anonymous. */
export function resetAnalytics(): void {
  withClient((posthog) => posthog.reset())
}
