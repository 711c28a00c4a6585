import { createFileRoute } from '@tanstack/react-router'
import { everyMethod } from '~/server/handlers.ts'

/** A site's pages as a CSV or NDJSON download: /api/export/<organization>/<hostname>.csv */
export const Route = createFileRoute('/api/export/$')({
  server: { handlers: everyMethod((server, request) => server.handleExport(request)) },
})
