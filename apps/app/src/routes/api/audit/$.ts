import { createFileRoute } from '@tanstack/react-router'
import { everyMethod } from '~/server/handlers.ts'

/** An organization's audit log as a CSV or JSON Lines download: /api/audit/<organization>.csv */
export const Route = createFileRoute('/api/audit/$')({
  server: { handlers: everyMethod((server, request) => server.handleExport(request)) },
})
