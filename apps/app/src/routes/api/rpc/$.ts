import { createFileRoute } from '@tanstack/react-router'
import { headmark } from '~/server/headmark.ts'

async function handle({ request }: { request: Request }) {
  return (await headmark()).handleRpc(request)
}

/** The product RPC endpoint: every procedure, at /api/rpc/<domain>/<procedure>. */
export const Route = createFileRoute('/api/rpc/$')({
  // Every method reaches the handler, which answers the unsupported ones with 405 rather than
  // letting them fall through to the HTML shell.
  server: {
    handlers: {
      GET: handle,
      POST: handle,
      PUT: handle,
      PATCH: handle,
      DELETE: handle,
      OPTIONS: handle,
      HEAD: handle,
    },
  },
})
