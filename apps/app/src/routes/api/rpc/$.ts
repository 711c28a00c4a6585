import { createFileRoute } from '@tanstack/react-router'
import { everyMethod } from '~/server/handlers.ts'

/** The product RPC endpoint: every procedure, at /api/rpc/<domain>/<procedure>. */
export const Route = createFileRoute('/api/rpc/$')({
  server: { handlers: everyMethod((server, request) => server.handleRpc(request)) },
})
