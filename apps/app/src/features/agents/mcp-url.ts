import { queryOptions } from '@tanstack/react-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import { serverEnv } from '~/server/env.ts'

/**
 * This Headmark's MCP server (`<origin>/api/mcp`), the address an agent is configured with: the
 * configured public URL during server rendering, the page's own origin in the browser.
 */
export const mcpUrl = createIsomorphicFn()
  .server(async (): Promise<string> => `${new URL(serverEnv.BETTER_AUTH_URL).origin}/api/mcp`)
  .client(async (): Promise<string> => `${window.location.origin}/api/mcp`)

export const mcpUrlQuery = () =>
  queryOptions({
    queryKey: ['mcpUrl'],
    queryFn: () => mcpUrl(),
    staleTime: Number.POSITIVE_INFINITY,
  })
