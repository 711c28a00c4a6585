// What the server itself establishes about a request — the client's address, the page's CSP
// nonce — and how it travels: out of band, in an AsyncLocalStorage the edge fills before the app
// runs, never in a request header a client could send. This module is the only owner of those
// facts; the edge (apps/app/server.mjs, the development server, the test server) records them
// with runWithRequestFacts, and the app reads them back with the functions below.
import { AsyncLocalStorage } from 'node:async_hooks'

/** What the server's own edge established about the request being answered. */
export interface RequestFacts {
  /** The client's address: the socket's peer, or X-Forwarded-For read through TRUSTED_PROXIES. */
  address: string
  /** The Content-Security-Policy nonce of the page this request renders, if it renders one. */
  nonce?: string
}

/**
 * Headers of this name prefix are Headmark's own. A client sending one is dropped at the edge
 * ({@link dropInternalHeaders}) so nothing downstream can mistake it for the server's word.
 */
export const INTERNAL_HEADER_PREFIX = 'x-headmark-'

/**
 * The one header better-auth reads the client's address from (its `advanced.ipAddress` option
 * takes header names only). It is set by {@link withClientAddress} on the request object handed
 * to better-auth inside the process, from the recorded facts, after any client copy is removed.
 */
export const AUTH_ADDRESS_HEADER = `${INTERNAL_HEADER_PREFIX}client-address`

// One store for the module: the development server loads its edge through the same module
// runner as the app (apps/app/src/server/dev-edge.ts), so both see this one.
const store = new AsyncLocalStorage<RequestFacts>()

/** Runs `fn` (the app's answer to one request) with `facts` as what is known of that request. */
export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return store.run(facts, fn)
}

/** The facts the edge recorded for the request being answered, if any. */
export function currentRequestFacts(): RequestFacts | undefined {
  return store.getStore()
}

/** The address of the client whose request is being answered, if the edge recorded one. */
export function currentClientAddress(): string | undefined {
  return store.getStore()?.address
}

/** The CSP nonce of the page being rendered, if the edge made one. */
export function currentCspNonce(): string | undefined {
  return store.getStore()?.nonce
}

/** True for a header name in Headmark's own namespace. */
export function isInternalHeader(name: string): boolean {
  return name.toLowerCase().startsWith(INTERNAL_HEADER_PREFIX)
}

/**
 * Removes every `x-headmark-*` header a client sent from a Node request, from both `headers` and
 * `rawHeaders` (srvx and other adapters build the Web request from the raw list).
 */
export function dropInternalHeaders(req: {
  headers: Record<string, unknown>
  rawHeaders: string[]
}): void {
  for (const name of Object.keys(req.headers)) {
    if (isInternalHeader(name)) delete req.headers[name]
  }
  const raw = req.rawHeaders
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (isInternalHeader(raw[i] ?? '')) raw.splice(i, 2)
  }
}

/**
 * `request` as better-auth must see it: without any internal header from outside, and with the
 * recorded client address under {@link AUTH_ADDRESS_HEADER} when the edge recorded one.
 */
export function withClientAddress(request: Request): Request {
  const address = currentClientAddress()
  const internal = [...request.headers.keys()].filter(isInternalHeader)
  if (internal.length === 0 && !address) return request
  const headers = new Headers(request.headers)
  for (const name of internal) headers.delete(name)
  if (address) headers.set(AUTH_ADDRESS_HEADER, address)
  // A new Request from its parts: the one handed in may be an adapter's own class (srvx's).
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body
  return new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit)
}
