import { createFileRoute } from '@tanstack/react-router'

async function handle({ request }: { request: Request }) {
  const { getHeadmark } = await import('@headmark/api')
  return (await getHeadmark()).handleAuth(request)
}

/** better-auth, mounted at /api/auth. */
export const Route = createFileRoute('/api/auth/$')({
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
