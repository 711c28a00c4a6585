import { createFileRoute } from '@tanstack/react-router'
import { headmark } from '~/server/headmark.ts'

async function handle({ request }: { request: Request }) {
  return (await headmark()).handleAuth(request)
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
