import { createIsomorphicFn } from '@tanstack/react-start'
import { serverEnv } from '~/server/env.ts'

/**
 * This Headmark's public metadata API (`<origin>/api/openapi`), for the install snippets: the
 * configured public URL during server rendering, the page's own origin in the browser.
 */
export const publicApiUrl = createIsomorphicFn()
  .server(async (): Promise<string> => {
    return `${new URL(serverEnv.BETTER_AUTH_URL).origin}/api/openapi`
  })
  .client(async (): Promise<string> => `${window.location.origin}/api/openapi`)
