// The request edge: checks every request to /api/rpc and /api/auth passes before a framework or a
// procedure sees it. Pure Web-standard functions, shared by the api's handlers and the app's
// production server (apps/app/server.mjs).
import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import { ORPCError } from '@orpc/server'

// What the server knows of the request being answered travels with the edge's checks.
export * from './request-facts.ts'

/** The largest request body accepted by default: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/** Which client reads the answer: oRPC's link, better-auth's client, or anything else. */
export type Surface = 'rpc' | 'auth' | 'other'

export function surfaceOf(pathname: string): Surface {
  if (pathname === '/api/rpc' || pathname.startsWith('/api/rpc/')) return 'rpc'
  if (pathname === '/api/auth' || pathname.startsWith('/api/auth/')) return 'auth'
  return 'other'
}

/**
 * An error answer in the shape the caller's client reads: oRPC's error shape on /api/rpc,
 * better-auth's `{ code, message }` on /api/auth, plain text elsewhere.
 */
export function errorResponse(
  surface: Surface,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const init = { status, headers: { 'cache-control': 'no-store', ...headers } }
  if (surface === 'rpc') {
    return Response.json(
      { json: { defined: false, code, status, message } },
      { ...init, headers: { ...init.headers, 'content-type': 'application/json' } },
    )
  }
  if (surface === 'auth') return Response.json({ code, message }, init)
  return new Response(message, {
    ...init,
    headers: { ...init.headers, 'content-type': 'text/plain; charset=utf-8' },
  })
}

/** Thrown by {@link readBodyWithin} when a body grows past its limit. */
export class BodyTooLargeError extends Error {
  readonly maxBytes: number
  constructor(maxBytes: number) {
    super(`The request body is larger than ${formatBytes(maxBytes)}.`)
    this.maxBytes = maxBytes
    this.name = 'BodyTooLargeError'
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} bytes`
}

/** How much of a refused body is still read, and dropped, before the connection is closed. */
export const LINGER_BYTES = 16 * 1024 * 1024
/** How long a refused body is still read, and dropped, before the connection is closed. */
export const LINGER_MS = 2000

/**
 * Reads what is left of a refused body and drops it — at most LINGER_BYTES for at most LINGER_MS,
 * then cancels the stream (which closes the connection). A client that is still sending when the
 * 413 goes out then reads the answer, instead of having its connection reset under it: closing
 * at once makes the server's system reset the connection at the client's next bytes, and the
 * client loses the answer it has not read yet.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: { bytes: number; ms: number } = { bytes: LINGER_BYTES, ms: LINGER_MS },
): Promise<void> {
  const stop = () => void reader.cancel().catch(() => {})
  const timer = setTimeout(stop, limits.ms)
  timer.unref?.()
  let dropped = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      dropped += value.byteLength
      if (dropped > limits.bytes) return stop()
    }
  } catch {
    // cancelled by the timer, or the client went away
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Reads a body stream into memory, counting while it streams: past `maxBytes` it stops keeping
 * it, throws {@link BodyTooLargeError} and drops the rest ({@link discardRest}), so a huge body
 * never sits in memory.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!body) return null
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      void discardRest(reader)
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The request with its body read into memory within `maxBytes`, or a 413 answer. A declared
 * Content-Length over the limit is refused without reading; a body without one is counted as it
 * streams.
 */
export async function limitRequestBody(
  request: Request,
  maxBytes: number,
): Promise<Request | Response> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return request
  const surface = surfaceOf(new URL(request.url).pathname)
  const tooLarge = () =>
    errorResponse(
      surface,
      413,
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${formatBytes(maxBytes)}; send less data.`,
    )
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    void discardRest(request.body.getReader())
    return tooLarge()
  }
  let body: Uint8Array | null
  try {
    body = await readBodyWithin(request.body, maxBytes)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLarge()
    throw error
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body as BodyInit | null,
    signal: request.signal,
  })
}

/** True when `value` holds a NUL character in any string or key, at any depth. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 64 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true
  }
  return false
}

/** The one message for NUL characters, wherever they come in. */
export const NUL_MESSAGE =
  'The input contains a NUL character (\\u0000), which Headmark does not store. Remove it and try again.'

/** The oRPC error for input with a NUL character. */
export function nulError(): ORPCError<'BAD_REQUEST', undefined> {
  return new ORPCError('BAD_REQUEST', { message: NUL_MESSAGE })
}

/**
 * True when the request's URL or (already buffered) body carries a NUL character: decoded query
 * parameters, and JSON or form bodies after decoding.
 */
export async function requestContainsNul(request: Request): Promise<boolean> {
  const url = new URL(request.url)
  for (const [key, value] of url.searchParams) {
    if (key.includes('\u0000') || value.includes('\u0000')) return true
  }
  if (safeDecode(url.pathname).includes('\u0000')) return true
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return false
  const text = await request.clone().text()
  if (text.includes('\u0000')) return true
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return containsNul(JSON.parse(text))
    } catch {
      return false
    }
  }
  if (type.includes('x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(text)) {
      if (key.includes('\u0000') || value.includes('\u0000')) return true
    }
  }
  return false
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * Refuses a state-changing request sent from another site: an `Origin` that is not one of
 * `trustedOrigins` (BETTER_AUTH_URL's and TRUSTED_ORIGINS), or, when a browser sent no Origin, a
 * `Sec-Fetch-Site` other than same-origin or none. Requests with neither header (servers,
 * scripts) are not a browser acting for someone else, and pass.
 */
export function refuseCrossSite(
  request: Request,
  trustedOrigins: readonly string[],
  surface: Surface,
): Response | null {
  const origin = request.headers.get('origin')
  const site = request.headers.get('sec-fetch-site')
  const refused =
    origin !== null
      ? !trustedOrigins.includes(origin)
      : site !== null && site !== 'same-origin' && site !== 'none'
  if (!refused) return null
  return errorResponse(
    surface,
    403,
    'FORBIDDEN',
    `Requests from ${origin !== null ? JSON.stringify(origin.slice(0, 100)) : 'another site'} are refused: changes can only be made from Headmark itself.`,
  )
}

function plainAddress(address: string): string {
  const trimmed = address.trim()
  return trimmed.toLowerCase().startsWith('::ffff:') && trimmed.includes('.')
    ? trimmed.slice(7)
    : trimmed
}

/**
 * The client's address: the socket's peer, unless that peer is one of `trustedProxies`; then
 * X-Forwarded-For is read from the right, skipping trusted proxies, and the first other address
 * is the client. A client can prepend anything to X-Forwarded-For, so nothing left of the first
 * untrusted hop counts.
 *
 * @example
 * clientAddress('10.0.0.2', '198.51.100.7, 10.0.0.3', ['10.0.0.2', '10.0.0.3']) // '198.51.100.7'
 * clientAddress('203.0.113.9', '1.2.3.4', []) // '203.0.113.9'
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined | null,
  trustedProxies: readonly string[],
): string {
  let address = plainAddress(peer ?? '')
  if (!forwardedFor || !trustedProxies.includes(address)) return address
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map(plainAddress)
  for (let hop = hops.pop(); hop !== undefined; hop = hops.pop()) {
    if (!isIP(hop)) return address
    address = hop
    if (!trustedProxies.includes(hop)) return hop
  }
  return address
}

/** True for 127.0.0.0/8 and ::1: a request from this machine. */
export function isLoopback(address: string | null | undefined): boolean {
  if (!address) return false
  const plain = plainAddress(address)
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'))
}

/**
 * The headers every answer that is not a static file gets: a Content-Security-Policy allowing
 * only this origin's scripts and the inline ones carrying `nonce`, no framing, no sniffing, a
 * strict referrer policy, and HSTS when the app is served over https. `thirdParty` widens scripts,
 * styles, fonts, connections and frames to the sources of a widget the operator enabled.
 */
export function securityHeaders({
  nonce,
  https,
  thirdParty = [],
}: {
  nonce: string
  https: boolean
  /** Sources of an embedded third party the operator switched on (the chat widget). */
  thirdParty?: string[]
}): Record<string, string> {
  const extra = thirdParty.length > 0 ? ` ${thirdParty.join(' ')}` : ''
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    "img-src 'self' data: https:",
    `font-src 'self' data:${extra}`,
    `connect-src 'self'${extra}`,
    ...(extra ? [`frame-src${extra}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  if (https) csp.push('upgrade-insecure-requests')
  return {
    'content-security-policy': csp.join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/** Compares a secret a request presents with the expected one in constant time. */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return presented.length > 0 && timingSafeEqual(digest(presented), digest(expected))
}
