import type { AppEnv } from './env-schema.ts'

// Validated when the app is built (assertPublicEnv in vite.config.ts) and fixed in the bundle as a
// plain object, so that no validation library ships to the browser.
declare const __HEADMARK_PUBLIC_ENV__: AppEnv

/** The app's validated public configuration (build-time variables). */
export const env: AppEnv = __HEADMARK_PUBLIC_ENV__
