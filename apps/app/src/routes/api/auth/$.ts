import { createFileRoute } from '@tanstack/react-router'
import { everyMethod } from '~/server/handlers.ts'

/** better-auth, mounted at /api/auth. */
export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: everyMethod((server, request) => server.handleAuth(request)) },
})
