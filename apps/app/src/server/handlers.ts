// The server routes that hand every request to the server (/api/auth, /api/rpc) take every
// method: the server answers the unsupported ones with 405 rather than letting them fall through
// to the HTML shell.
import type { Headmark } from '@headmark/api'
import { headmark } from './headmark.ts'

/** Route handlers for every method, each answered by `answer` of the app's one instance. */
export function everyMethod(answer: (server: Headmark, request: Request) => Promise<Response>) {
  const handle = async ({ request }: { request: Request }) => answer(await headmark(), request)
  return {
    GET: handle,
    POST: handle,
    PUT: handle,
    PATCH: handle,
    DELETE: handle,
    OPTIONS: handle,
    HEAD: handle,
  }
}
