import { createFileRoute } from '@tanstack/react-router'

async function handle({ request }: { request: Request }) {
  const { getHeadmark } = await import('@headmark/api')
  return (await getHeadmark()).handleAuth(request)
}

/** better-auth, mounted at /api/auth. */
export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
