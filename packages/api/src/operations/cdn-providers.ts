import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { CdnPurgeSettings } from '../env.ts'
import { checkUrlSyntax, type OutboundPolicy, resolveChecked } from '../webhooks/outbound-guard.ts'

/** A purge the provider refused or could not take; `status` is its HTTP answer, if any. */
export class PurgeFailedError extends Error {
  override readonly name = 'PurgeFailedError'
  readonly status: number | null
  constructor(message: string, status: number | null) {
    super(message)
    this.status = status
  }
}

/** One CDN's purge-by-tag API. */
export interface PurgeClient {
  readonly provider: CdnPurgeSettings['provider']
  /** The most tags one call may carry (the provider's documented limit). */
  readonly maxTagsPerCall: number
  /** Purges `tags` (at most `maxTagsPerCall`) in one call; rejects with {@link PurgeFailedError}. */
  purge(tags: string[]): Promise<void>
}

const DEFAULT_API = {
  cloudflare: 'https://api.cloudflare.com',
  fastly: 'https://api.fastly.com',
  bunny: 'https://api.bunny.net',
} as const

/**
 * The purge client of the configured provider. Every call goes through the outbound guard: the
 * API's URL is checked (https in production, no credentials) and its name resolved and checked at
 * each call, and the connection goes to the address that was checked.
 */
export function createPurgeClient(
  settings: CdnPurgeSettings,
  policy: OutboundPolicy,
  timeoutMs = 10_000,
): PurgeClient {
  const base = (settings.apiUrl ?? DEFAULT_API[settings.provider]).replace(/\/+$/, '')
  const zone = encodeURIComponent(settings.zone)
  const call = (path: string, headers: Record<string, string>, body?: string) =>
    guardedPost(`${base}${path}`, headers, body, policy, timeoutMs, settings.provider)

  switch (settings.provider) {
    case 'cloudflare':
      return {
        provider: 'cloudflare',
        // "Max operations per request: 100" on every plan for purge by tag
        // (https://developers.cloudflare.com/cache/how-to/purge-cache/, purge limits, 2026).
        maxTagsPerCall: 100,
        async purge(tags) {
          // POST /client/v4/zones/{zone_id}/purge_cache {"tags": […]}, answered {"success": true}.
          const answer = await call(
            `/client/v4/zones/${zone}/purge_cache`,
            { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
            JSON.stringify({ tags }),
          )
          const parsed = safeJson(answer) as { success?: boolean } | null
          if (parsed?.success !== true) {
            throw new PurgeFailedError(
              'Cloudflare did not confirm the purge (success ≠ true).',
              200,
            )
          }
        },
      }
    case 'fastly':
      return {
        provider: 'fastly',
        // "Up to 256 surrogate keys can be purged in one batch request", keys listed in a
        // Surrogate-Key request header (Fastly API reference, purge: bulk_purge_tag).
        maxTagsPerCall: 256,
        async purge(tags) {
          // POST /service/{service_id}/purge with Surrogate-Key: key_1 key_2 …
          await call(`/service/${zone}/purge`, {
            'fastly-key': settings.token,
            'surrogate-key': tags.join(' '),
            accept: 'application/json',
          })
        },
      }
    case 'bunny':
      return {
        provider: 'bunny',
        // POST /pullzone/{id}/purgeCache {"CacheTag": "…"} takes one tag a call; purges are
        // rate-limited per account by a token bucket, 1 token per item, 429 when empty
        // (https://docs.bunny.net/cdn/purge-cache, rate limits).
        maxTagsPerCall: 1,
        async purge(tags) {
          for (const tag of tags) {
            await call(
              `/pullzone/${zone}/purgeCache`,
              { accesskey: settings.token, 'content-type': 'application/json' },
              JSON.stringify({ CacheTag: tag }),
            )
          }
        },
      }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** POSTs to an operator-configured API through the outbound guard; resolves with the body of a 2xx. */
async function guardedPost(
  raw: string,
  headers: Record<string, string>,
  body: string | undefined,
  policy: OutboundPolicy,
  timeoutMs: number,
  provider: string,
): Promise<string> {
  const checked = checkUrlSyntax(raw, policy)
  if (!checked.ok) throw new PurgeFailedError(`CDN_PURGE_API_URL: ${checked.message}`, null)
  const { url } = checked
  let addresses
  try {
    addresses = await resolveChecked(url.hostname, policy)
  } catch (error) {
    throw new PurgeFailedError((error as Error).message, null)
  }
  const [first] = addresses
  if (!first) throw new PurgeFailedError(`${url.hostname} has no addresses.`, null)
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [first])
    else callback(null, first.address, first.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        timeout: timeoutMs,
        headers: {
          ...headers,
          'user-agent': 'Headmark-CDN-Purge',
          'content-length': String(Buffer.byteLength(body ?? '')),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= 64 * 1024) chunks.push(chunk)
        })
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const status = response.statusCode ?? 0
          if (status >= 200 && status < 300) return resolve(text)
          // The answer's first words only: never the request (it holds the token).
          reject(
            new PurgeFailedError(
              `${provider} answered ${status} to a purge: ${text.slice(0, 200).replace(/\s+/g, ' ')}`,
              status,
            ),
          )
        })
        response.on('error', reject)
      },
    )
    request.on('timeout', () => {
      request.destroy(
        new PurgeFailedError(`${provider} did not answer within ${timeoutMs} ms`, null),
      )
    })
    request.on('error', (error) =>
      reject(
        error instanceof PurgeFailedError
          ? error
          : new PurgeFailedError(`${provider} could not be reached: ${error.message}`, null),
      ),
    )
    request.end(body)
  })
}
