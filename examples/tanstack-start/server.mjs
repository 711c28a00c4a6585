// The production server: the client build's files, then the TanStack Start handler (srvx).
// `npm run build` first; PORT and HOST choose where it listens. SITE_NOINDEX=true (a staging
// deploy) adds `X-Robots-Tag: noindex` to every response, so search engines leave it out.
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

/** @type {import('srvx').ServerMiddleware} */
const noindex = async (_request, next) => {
  const response = await next()
  const headers = new Headers(response.headers)
  headers.set('x-robots-tag', 'noindex')
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

const server = serve({
  port: Number(process.env.PORT ?? 3001),
  hostname: process.env.HOST,
  gracefulShutdown: true,
  middleware: [
    ...(process.env.SITE_NOINDEX === 'true' ? [noindex] : []),
    staticMiddleware({ dir: fileURLToPath(new URL('dist/client', import.meta.url)) }),
  ],
  fetch: app.fetch,
})
await server.ready()
