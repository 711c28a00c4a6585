import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { placeholderPublicEnv } from './public-env-defaults.ts'

/** Where the production server forwards /ingest (see ingest-proxy.mjs). */
export const analyticsHost: string = import.meta.env.VITE_ANALYTICS_HOST

export default createServerEntry({
  fetch(request, opts) {
    return handler.fetch(request, opts)
  },
})

/**
 * Called once by the production server before it listens: a deployment must not run on the
 * development placeholders, and the database is opened and migrated up front so that a broken
 * configuration fails at start rather than on the first request.
 */
export async function prepareServer(): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    const placeholders = placeholderPublicEnv(import.meta.env)
    if (placeholders.length > 0) {
      throw new Error(
        `Invalid environment variables: ${placeholders.join(', ')} must be set to real values when NODE_ENV=production (they were built with development placeholders).`,
      )
    }
  }
  const { getHeadmark } = await import('@headmark/api')
  await getHeadmark()
}

/** Closes the database so that the process can exit. */
export async function closeServer(): Promise<void> {
  const { closeHeadmark } = await import('@headmark/api')
  await closeHeadmark()
}
