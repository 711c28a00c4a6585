import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { createHmac } from 'node:crypto'
import { checkUrlSyntax, type OutboundPolicy, resolveChecked } from './outbound-guard.ts'

/** How long an attempt may take, from connecting to the last byte read. */
export const DELIVERY_TIMEOUT_MS = 15_000
/** How long a name's checked addresses are reused as they are, in ms. */
const RESOLVED_FRESH_MS = 2_000
/** Until when they are still used while the name is looked up again, in ms. */
const RESOLVED_STALE_MS = 10_000
/** How much of a receiver's answer is kept. */
export const MAX_RESPONSE_BYTES = 64 * 1024

/** What one HTTP attempt produced: a response, or the reason there was none. */
export interface AttemptResult {
  status: number | null
  headers: Record<string, string> | null
  body: string | null
  truncated: boolean
  error: string | null
  durationMs: number
}

/** The secrets that sign a message: the current one, and the previous one during its overlap. */
export interface SigningSecrets {
  current: string
  previous: string | null
}

/**
 * Headers of one delivery: Headmark's signature (with the current secret), the Standard Webhooks
 * headers (signed by every live secret, space-separated, as the standard allows), and the legacy
 * bearer when the webhook asks for it. Signed with `node:crypto`; byte for byte what
 * `signWebhook` of `@headmark/metadata/webhooks` produces.
 */
export function signHeaders(options: {
  body: string
  messageId: string
  secrets: SigningSecrets
  legacyBearer: boolean
  timestamp: number
}): Record<string, string> {
  const { body, messageId, secrets, legacyBearer, timestamp } = options
  const milliseconds = `${Math.floor(timestamp)}`
  const seconds = `${Math.floor(Number(milliseconds) / 1000)}`
  const headmark = createHmac('sha256', secrets.current)
    .update(`${milliseconds}.`)
    .update(body)
    .digest('hex')
  const standard = (secret: string) =>
    `v1,${createHmac('sha256', standardKey(secret)).update(`${messageId}.${seconds}.`).update(body).digest('base64')}`
  const signatures = [standard(secrets.current)]
  if (secrets.previous) signatures.push(standard(secrets.previous))
  return {
    'content-type': 'application/json',
    'user-agent': 'Headmark-Webhooks/1.0',
    'x-webhook-timestamp': milliseconds,
    'x-webhook-signature': `sha256=${headmark}`,
    'webhook-id': messageId,
    'webhook-timestamp': seconds,
    'webhook-signature': signatures.join(' '),
    ...(legacyBearer ? { authorization: `Bearer ${secrets.current}` } : {}),
  }
}

/** The Standard Webhooks key: the base64 after `whsec_`, or the whole secret's bytes. */
function standardKey(secret: string): Buffer {
  return secret.startsWith('whsec_')
    ? Buffer.from(secret.slice(6), 'base64')
    : Buffer.from(secret, 'utf8')
}

/** {@link signHeaders}, as a promise (the former asynchronous form). */
export async function signedHeaders(
  options: Parameters<typeof signHeaders>[0],
): Promise<Record<string, string>> {
  return signHeaders(options)
}

/** The headers as the history keeps them: the bearer secret is never stored. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const copy = { ...headers }
  if (copy.authorization) copy.authorization = 'Bearer [redacted]'
  return copy
}

/** Sends webhook requests within an {@link OutboundPolicy}; keeps connections alive between calls. */
export interface Sender {
  post(url: string, body: string, headers: Record<string, string>): Promise<AttemptResult>
  close(): void
}

export interface SenderOptions {
  policy: OutboundPolicy
  timeoutMs?: number
  maxResponseBytes?: number
  /** Replaces DNS, for tests of what a name resolves to. */
  resolver?: (host: string) => Promise<LookupAddress[]>
}

/**
 * The one way Headmark calls a webhook URL: the URL and every address its name resolves to are
 * checked, the connection goes to a checked address (no second lookup), redirects are not
 * followed, the whole attempt is bounded by a timeout and at most 64 KiB of the answer is read.
 */
export function createSender({
  policy,
  timeoutMs = DELIVERY_TIMEOUT_MS,
  maxResponseBytes = MAX_RESPONSE_BYTES,
  resolver,
}: SenderOptions): Sender {
  // Keep-alive connections, pooled per origin (host and port) by the agents.
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }),
  }
  // A name's checked addresses are reused for a moment (only with the system's DNS): every call
  // still goes to addresses the guard accepted, without a lookup per request under load. One
  // lookup per name at a time; a slightly stale answer is used while the next one is made.
  const checked = new Map<string, { addresses: LookupAddress[]; at: number }>()
  const looking = new Map<string, Promise<LookupAddress[]>>()
  const lookUp = (hostname: string) => {
    let pending = looking.get(hostname)
    if (!pending) {
      pending = resolveChecked(hostname, policy)
        .then((addresses) => {
          if (checked.size >= 1000) checked.clear()
          checked.set(hostname, { addresses, at: performance.now() })
          return addresses
        })
        .catch((error: unknown) => {
          // Refused or unresolvable now: nothing of the former answer is used any more.
          checked.delete(hostname)
          throw error
        })
        .finally(() => looking.delete(hostname))
      looking.set(hostname, pending)
    }
    return pending
  }
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    if (resolver) return resolveChecked(hostname, policy, resolver)
    const cached = checked.get(hostname)
    const age = cached ? performance.now() - cached.at : Infinity
    if (cached && age < RESOLVED_FRESH_MS) return cached.addresses
    if (cached && age < RESOLVED_STALE_MS) {
      lookUp(hostname).catch(() => {})
      return cached.addresses
    }
    return lookUp(hostname)
  }
  return {
    async post(raw, body, headers) {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      const failed = (error: string): AttemptResult => ({
        status: null,
        headers: null,
        body: null,
        truncated: false,
        error,
        durationMs: elapsed(),
      })
      const syntax = checkUrlSyntax(raw, policy)
      if (!syntax.ok) return failed(syntax.message)
      const { url } = syntax
      let addresses: LookupAddress[]
      try {
        addresses = await resolve(url.hostname)
      } catch (error) {
        return failed((error as Error).message)
      }
      // Hands the connection the addresses just checked: nothing is looked up twice.
      const lookup: LookupFunction = (_hostname, options, callback) => {
        const family = typeof options.family === 'number' ? options.family : 0
        const fitting = family ? addresses.filter((entry) => entry.family === family) : addresses
        const list = fitting.length > 0 ? fitting : addresses
        if (options.all) callback(null, list)
        else callback(null, (list[0] as LookupAddress).address, (list[0] as LookupAddress).family)
      }
      const secure = url.protocol === 'https:'
      const send = secure ? httpsRequest : httpRequest
      return new Promise<AttemptResult>((resolve) => {
        let settled = false
        const finish = (result: AttemptResult) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve(result)
        }
        const request = send(url, {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: secure ? agents.https : agents.http,
          lookup,
        })
        const timer = setTimeout(() => {
          request.destroy()
          finish(failed(`No answer within ${Math.round(timeoutMs / 1000)} s (timed out).`))
        }, timeoutMs)
        request.on('error', (error: NodeJS.ErrnoException) => {
          finish(failed(error.code ? `${error.code}: ${error.message}` : error.message))
        })
        request.on('response', (response: IncomingMessage) => {
          const chunks: Buffer[] = []
          let size = 0
          let truncated = false
          const done = () => {
            const responseHeaders: Record<string, string> = {}
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) {
                responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value
              }
            }
            finish({
              status: response.statusCode ?? null,
              headers: responseHeaders,
              body: Buffer.concat(chunks).toString('utf8'),
              truncated,
              error: null,
              durationMs: elapsed(),
            })
          }
          response.on('data', (chunk: Buffer) => {
            if (truncated) return
            const room = maxResponseBytes - size
            if (chunk.length > room) {
              chunks.push(chunk.subarray(0, room))
              size = maxResponseBytes
              truncated = true
              // The rest is not needed: drop the connection rather than read it.
              response.destroy()
              done()
              return
            }
            chunks.push(chunk)
            size += chunk.length
          })
          response.on('end', done)
          response.on('error', (error) => {
            if (truncated) return
            finish(failed(`The answer was cut off: ${error.message}`))
          })
        })
        request.end(body)
      })
    },
    close() {
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}
