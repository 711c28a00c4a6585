// What the development server (vite.config.ts) does before TanStack Start answers, loaded through
// the same SSR module runner as the app, so that it shares the app's one Headmark instance and its
// request facts: as the production server does, a client's copy of an internal header is dropped,
// the client's address is recorded out of band, and the public API answers first.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { dropInternalHeaders, runWithRequestFacts } from '@headmark/api/edge'
import { headmark } from './headmark.ts'

export async function handleDevRequest(
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
): Promise<void> {
  dropInternalHeaders(req as { headers: Record<string, unknown>; rawHeaders: string[] })
  const server = await headmark()
  runWithRequestFacts({ address: req.socket.remoteAddress ?? '' }, () => {
    if (!server.handlePublicApi(req, res)) next()
  })
}
