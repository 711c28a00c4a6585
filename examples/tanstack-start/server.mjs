// The production server: the client build's files, then the TanStack Start handler (srvx).
// `npm run build` first; PORT and HOST choose where it listens.
import { fileURLToPath } from 'node:url'
import { createMetadataClient } from '@headmark/metadata/client'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'

// A configuration the metadata client refuses stops the server here, not on every page.
createMetadataClient({
  dsn: process.env.HEADMARK_DSN || undefined,
  baseUrl: process.env.HEADMARK_URL || undefined,
})

const { default: app } = await import('./dist/server/server.js')

const server = serve({
  port: Number(process.env.PORT ?? 3001),
  hostname: process.env.HOST,
  gracefulShutdown: true,
  middleware: [staticMiddleware({ dir: fileURLToPath(new URL('dist/client', import.meta.url)) })],
  fetch: app.fetch,
})
await server.ready()
