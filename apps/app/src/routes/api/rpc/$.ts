import { createFileRoute } from '@tanstack/react-router'

async function handle({ request }: { request: Request }) {
  const { getHeadmark } = await import('@headmark/api')
  return (await getHeadmark()).handleRpc(request)
}

/** The product RPC endpoint: every procedure, at /api/rpc/<domain>/<procedure>. */
export const Route = createFileRoute('/api/rpc/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
