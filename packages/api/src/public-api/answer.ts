import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { ORPCError } from '@orpc/server'
import type { GetLatestResponse } from '@headmark/metadata'

// Everything a response needs is computed once per cache entry, so that answering from the cache
// is a header array and a buffer handed to `res.writeHead`/`res.end`.

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024

/**
 * Public sites: browsers revalidate every time (a 304 costs nothing), a CDN may serve its copy
 * for 10 s and keep serving it for 60 s more while it revalidates in the background. So a save
 * is seen by visitors behind a CDN within ~10 s, and Headmark sees at most one request per path
 * per CDN node every 10 s.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60'
/** Sites that require a key: a shared cache must never hand the answer to a caller without one. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache'

const CORS = ['access-control-allow-origin', '*', 'access-control-expose-headers', 'ETag'] as const

/** A finished answer: the 200 in each encoding, and the 304. */
export interface Answer {
  readonly etag: string
  /** Flat `[name, value, …]` header lists, as `res.writeHead` takes them. */
  readonly identity: Representation
  gzip: Representation | null
  br: Representation | null
  readonly notModified: string[]
  /** Whether the body is large enough to be worth compressing. */
  readonly compressible: boolean
  /** Approximate memory held, for the cache's bound. */
  bytes: number
}

export interface Representation {
  readonly headers: string[]
  readonly body: Buffer
}

/**
 * The answer for one served object. The ETag is weak because the same answer is sent
 * in several encodings; it changes whenever a byte of the JSON does.
 */
export function createAnswer(
  response: GetLatestResponse,
  requireApiKey: boolean,
  /** More headers of the 200 and the 304, as a flat list (the CDN tags). */
  extraHeaders: readonly string[] = [],
): Answer {
  const body = Buffer.from(JSON.stringify(response), 'utf8')
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  const cacheControl = requireApiKey ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL
  const compressible = body.length >= COMPRESS_MIN_BYTES
  const common = [
    'etag',
    etag,
    'cache-control',
    cacheControl,
    ...CORS,
    ...(compressible ? ['vary', 'Accept-Encoding'] : []),
    ...extraHeaders,
  ]
  const identity: Representation = {
    body,
    headers: [
      'content-type',
      'application/json',
      'content-length',
      String(body.length),
      'x-content-type-options',
      'nosniff',
      ...common,
    ],
  }
  return {
    etag,
    identity,
    gzip: null,
    br: null,
    notModified: common,
    compressible,
    bytes: body.length * 2 + 512,
  }
}

/** The compressed representation, made the first time a client asks for it. */
export function encoded(answer: Answer, encoding: 'gzip' | 'br'): Representation {
  const existing = answer[encoding]
  if (existing) return existing
  const body =
    encoding === 'br'
      ? brotliCompressSync(answer.identity.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: answer.identity.body.length,
          },
        })
      : gzipSync(answer.identity.body, { level: 6 })
  const headers = [...answer.identity.headers, 'content-encoding', encoding]
  headers[3] = String(body.length)
  const representation: Representation = { headers, body }
  answer[encoding] = representation
  answer.bytes += body.length + 128
  return representation
}

/**
 * Which encoding to send for an `Accept-Encoding` value: br, then gzip, else none. Honours
 * `;q=0` (refused); other weights are treated as acceptance.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  if (acceptEncoding.includes('br') && accepts(acceptEncoding, 'br')) return 'br'
  if (acceptEncoding.includes('gzip') && accepts(acceptEncoding, 'gzip')) return 'gzip'
  return null
}

function accepts(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';')
    if (name.trim().toLowerCase() !== coding) continue
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(param))
  }
  return false
}

/** Whether an `If-None-Match` value matches the ETag (weak comparison, lists and `*`). */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag || ifNoneMatch === '*') return true
  const opaque = etag.slice(2)
  for (const candidate of ifNoneMatch.split(',')) {
    const trimmed = candidate.trim()
    if ((trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque) return true
  }
  return false
}

/** Errors declared by the contract, in oRPC's error body. */
export type PublicApiErrorCode =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'METHOD_NOT_SUPPORTED' | 'INTERNAL_SERVER_ERROR'

export interface ErrorAnswer {
  readonly status: number
  readonly headers: string[]
  readonly body: Buffer
}

/** An error response in oRPC's body (`{ defined, code, status, message }`), ready to send. */
export function errorAnswer(
  code: PublicApiErrorCode,
  message: string,
  extraHeaders: string[] = [],
): ErrorAnswer {
  const error = new ORPCError(code, { message, defined: code !== 'INTERNAL_SERVER_ERROR' })
  const body = Buffer.from(JSON.stringify(error.toJSON()), 'utf8')
  return {
    status: error.status,
    body,
    headers: [
      'content-type',
      'application/json',
      'content-length',
      String(body.length),
      'cache-control',
      'no-store',
      'x-content-type-options',
      'nosniff',
      ...CORS,
      ...extraHeaders,
    ],
  }
}
