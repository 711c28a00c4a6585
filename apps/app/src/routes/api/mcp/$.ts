import { createFileRoute } from '@tanstack/react-router'
import { everyMethod } from '~/server/handlers.ts'

/** The MCP server (agents, OAuth access tokens) and OAuth's sign-in hop, at /api/mcp. */
export const Route = createFileRoute('/api/mcp/$')({
  server: { handlers: everyMethod((server, request) => server.handleMcp(request)) },
})
