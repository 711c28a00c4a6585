import type { LookupAddress } from 'node:dns'
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Transform } from 'node:stream'
import {
  constants as zlibConstants,
  createBrotliDecompress,
  createGunzip,
  createInflate,
} from 'node:zlib'
import {
  checkUrlSyntax,
  OutboundRefusedError,
  type OutboundPolicy,
  resolveChecked,
} from '../webhooks/outbound-guard.ts'
import type { FetchHeadResult } from './types.ts'

/** Why a fetch gave no usable answer, as {@link FetchHeadResult}'s failure says it. */
export type FailureKind = Extract<FetchHeadResult, { ok: false }>['kind']

/** A failed fetch: `message` is said in words a person can act on. */
export class CrawlError extends Error {
  override readonly name = 'CrawlError'
  readonly kind: FailureKind
  readonly status: number | undefined
  constructor(kind: FailureKind, message: string, status?: number) {
    super(message)
    this.kind = kind
    this.status = status
  }
}

/** One HTTP answer, its body decompressed and possibly cut short. */
export interface RawAnswer {
  url: string
  status: number
  headers: IncomingMessage['headers']
  /** The headers as received, names and values alternating (repeated headers kept apart). */
  rawHeaders: string[]
  /** The decompressed bytes read (cut at `maxBytes`, or after `</head>` when asked). */
  body: Buffer
  /** Reading stopped before the end of the answer. */
  truncated: boolean
  /** Bytes received on the wire (before decompression). */
  wireBytes: number
}

export interface HopOptions {
  maxBytes: number
  /** Stop reading once `</head>` (or `<body`) has been read: an HTML page's head is all we need. */
  stopAfterHead?: boolean
  signal: AbortSignal
  accept: string
  /** Sent instead of the crawler's own User-Agent (a page fetched as Googlebot…). */
  userAgent?: string
}

// The guard's sentences speak of webhooks; the crawler's say the same about pages.
const PUBLIC_ONLY = 'Webhooks may only call public internet addresses.'
export const crawlerWords = (message: string) =>
  message.replace(PUBLIC_ONLY, 'Headmark only fetches pages on public internet addresses.')

/**
 * Checks a URL the crawler is about to call: http or https (plain http is fine for reading public
 * pages, whatever the webhooks' `requireHttps` says), no credentials, and a host that is not an
 * address Headmark refuses. The name's addresses are checked at connection time.
 */
export function checkCrawlUrl(raw: string, policy: OutboundPolicy): URL {
  const syntax = checkUrlSyntax(raw, { ...policy, requireHttps: false })
  if (!syntax.ok) throw new CrawlError('refused', crawlerWords(syntax.message))
  const url = syntax.url
  url.hash = ''
  return url
}

const HEAD_END = /<\/head\s*>|<body[\s>]/i

/** Sends one GET through the guard (the connection goes to the address just checked). */
export function createHopper(options: {
  policy: OutboundPolicy
  userAgent: string
  timeoutMs: number
  resolver?: (host: string) => Promise<LookupAddress[]>
}) {
  const { policy, userAgent, timeoutMs, resolver } = options
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 32 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }),
  }
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`

  async function hop(url: URL, hopOptions: HopOptions): Promise<RawAnswer> {
    const { maxBytes, stopAfterHead = false, signal, accept } = hopOptions
    signal.throwIfAborted()
    let addresses: LookupAddress[]
    try {
      addresses = await resolveChecked(url.hostname, policy, resolver)
    } catch (error) {
      if (error instanceof OutboundRefusedError) {
        throw new CrawlError('refused', crawlerWords(error.message))
      }
      throw error
    }
    // Hands the connection the addresses just checked: nothing is looked up twice.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      const family = typeof lookupOptions.family === 'number' ? lookupOptions.family : 0
      const fitting = family ? addresses.filter((entry) => entry.family === family) : addresses
      const list = fitting.length > 0 ? fitting : addresses
      if (lookupOptions.all) callback(null, list)
      else callback(null, (list[0] as LookupAddress).address, (list[0] as LookupAddress).family)
    }
    const secure = url.protocol === 'https:'
    const send = secure ? httpsRequest : httpRequest
    return new Promise<RawAnswer>((resolve, reject) => {
      let settled = false
      let timer: NodeJS.Timeout | undefined
      const settle = (outcome: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        signal.removeEventListener('abort', onAbort)
        outcome()
      }
      const fail = (error: CrawlError) => settle(() => reject(error))
      const request = send(url, {
        method: 'GET',
        headers: {
          'user-agent': hopOptions.userAgent ?? userAgent,
          accept,
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': '*',
        },
        agent: secure ? agents.https : agents.http,
        lookup,
      })
      const onAbort = () => {
        request.destroy()
        settle(() => reject(signal.reason ?? new Error('Aborted')))
      }
      signal.addEventListener('abort', onAbort, { once: true })
      timer = setTimeout(() => {
        request.destroy()
        fail(new CrawlError('timeout', `No answer within ${seconds} (timed out).`))
      }, timeoutMs)
      request.on('error', (error: NodeJS.ErrnoException) => {
        fail(
          new CrawlError(
            'network',
            `The connection failed (${error.code ?? error.message}): check that the site is up.`,
          ),
        )
      })
      request.on('response', (response: IncomingMessage) => {
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400 && response.headers.location) {
          // A redirect's body is never needed: the connection is dropped rather than read.
          request.destroy()
          settle(() =>
            resolve({
              url: url.href,
              status,
              headers: response.headers,
              rawHeaders: response.rawHeaders,
              body: Buffer.alloc(0),
              truncated: true,
              wireBytes: 0,
            }),
          )
          return
        }
        // The body has its own time limit, from the first byte of the answer.
        clearTimeout(timer)
        timer = setTimeout(() => {
          request.destroy()
          fail(new CrawlError('timeout', `The page did not arrive within ${seconds} (timed out).`))
        }, timeoutMs)
        let wireBytes = 0
        response.on('data', (chunk: Buffer) => {
          wireBytes += chunk.length
        })
        const encoding = String(response.headers['content-encoding'] ?? '')
          .trim()
          .toLowerCase()
        let decoder: Transform | null = null
        if (encoding === 'gzip' || encoding === 'x-gzip') {
          decoder = createGunzip({ finishFlush: zlibConstants.Z_SYNC_FLUSH })
        } else if (encoding === 'br') {
          decoder = createBrotliDecompress({ finishFlush: zlibConstants.BROTLI_OPERATION_FLUSH })
        } else if (encoding === 'deflate') {
          decoder = createInflate({ finishFlush: zlibConstants.Z_SYNC_FLUSH })
        }
        const stream = decoder ? response.pipe(decoder) : response
        const chunks: Buffer[] = []
        let size = 0
        let carry = ''
        const done = (truncated: boolean) => {
          if (truncated) {
            // The rest is not needed: drop the connection rather than read it.
            request.destroy()
            decoder?.destroy()
          }
          settle(() =>
            resolve({
              url: url.href,
              status,
              headers: response.headers,
              rawHeaders: response.rawHeaders,
              body: Buffer.concat(chunks, size),
              truncated,
              wireBytes,
            }),
          )
        }
        stream.on('data', (chunk: Buffer) => {
          if (settled) return
          const room = maxBytes - size
          const kept = chunk.length > room ? chunk.subarray(0, room) : chunk
          chunks.push(kept)
          size += kept.length
          if (stopAfterHead) {
            // The last few characters of the former chunk, for a tag cut in two.
            const text = carry + kept.toString('latin1')
            const match = HEAD_END.exec(text)
            if (match) {
              const end = size - text.length + match.index + match[0].length
              const all = Buffer.concat(chunks, size).subarray(0, end)
              chunks.splice(0, chunks.length, all)
              size = end
              done(true)
              return
            }
            carry = text.slice(-16)
          }
          if (chunk.length >= room) done(true)
        })
        stream.on('end', () => done(false))
        stream.on('error', (error) => {
          if (settled) return
          request.destroy()
          fail(
            new CrawlError(
              'network',
              decoder
                ? `The ${encoding} answer could not be decompressed (${error.message}).`
                : `The answer was cut off: ${error.message}`,
              status,
            ),
          )
        })
      })
      request.end()
    })
  }

  return {
    hop,
    close() {
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}

export type Hopper = ReturnType<typeof createHopper>
