import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A purge request as a fake CDN API received it. */
export interface PurgeRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** The tags it asked to purge, read the way the provider reads them. */
  tags: string[]
  /** What the fake answered. */
  status: number
  at: number
}

export interface FakeCdnApi {
  origin: string
  requests: PurgeRequest[]
  /** The status the next requests get (200 by default). */
  status: number
  /** Resolves once requests have asked to purge every one of `tags`. */
  purged(tags: string[]): Promise<void>
  close(): Promise<void>
}

/**
 * A local server that speaks one provider's purge API, as documented: Cloudflare
 * (`POST /client/v4/zones/{zone}/purge_cache`, JSON `{ tags }`, answers `{ success: true }`),
 * Fastly (`POST /service/{id}/purge`, `Surrogate-Key` header) or Bunny
 * (`POST /pullzone/{id}/purgeCache`, JSON `{ CacheTag }`).
 */
export async function startFakeCdnApi(
  provider: 'cloudflare' | 'fastly' | 'bunny',
): Promise<FakeCdnApi> {
  const requests: PurgeRequest[] = []
  const waiters: Array<() => void> = []
  const api: FakeCdnApi = {
    origin: '',
    requests,
    status: 200,
    purged(tags) {
      const done = () => {
        const seen = new Set(requests.filter((r) => r.status === 200).flatMap((r) => r.tags))
        return tags.every((tag) => seen.has(tag))
      }
      if (done()) return Promise.resolve()
      return new Promise((resolve) => {
        const check = () => {
          if (done()) resolve()
          else waiters.push(check)
        }
        waiters.push(check)
      })
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      const tags: string[] =
        provider === 'fastly'
          ? String(req.headers['surrogate-key'] ?? '').split(' ')
          : provider === 'cloudflare'
            ? ((JSON.parse(body || '{}').tags as string[]) ?? [])
            : [JSON.parse(body || '{}').CacheTag as string]
      const status = api.status
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        tags,
        at: performance.now(),
        status,
      })
      res.writeHead(status, { 'content-type': 'application/json' })
      if (provider === 'cloudflare') {
        res.end(JSON.stringify({ success: status === 200, errors: [], messages: [], result: {} }))
      } else if (provider === 'fastly') {
        res.end(JSON.stringify(Object.fromEntries(tags.map((tag) => [tag, `purge-${tag}`]))))
      } else {
        res.end()
      }
      for (const waiter of waiters.splice(0)) waiter()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  api.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return api
}
