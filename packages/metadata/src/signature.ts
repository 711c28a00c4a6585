/**
 * Signing and verification of Headmark's webhooks with Web Crypto only, so it runs unchanged in
 * Node, edge runtimes and browsers. Two schemes are carried side by side:
 *
 * - Headmark's: `X-Webhook-Timestamp: <unix ms>` and `X-Webhook-Signature: sha256=<hex>`, an
 *   HMAC-SHA256 keyed with the UTF-8 bytes of the secret over `<timestamp>.<raw body>`.
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp: <unix s>` and
 *   `webhook-signature: v1,<base64>` over `<id>.<timestamp>.<raw body>`. A `whsec_<base64>` secret
 *   is base64-decoded (as the Standard Webhooks libraries do); any other secret is used as UTF-8
 *   bytes, like their `{ format: 'raw' }` option.
 * @module
 */

/** Why {@link verifyWebhook} refused a request. */
export type WebhookVerificationReason =
  | 'no-secret'
  | 'missing-headers'
  | 'invalid-timestamp'
  | 'timestamp-too-old'
  | 'timestamp-too-new'
  | 'invalid-signature'

/**
 * Thrown by {@link verifyWebhook}; `reason` says why.
 *
 * @example
 * try {
 *   await verifyWebhook(body, request.headers, { secret })
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) console.warn(error.reason)
 * }
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'
  readonly reason: WebhookVerificationReason

  constructor(reason: WebhookVerificationReason) {
    super(`Webhook verification failed: ${reason}`)
    this.reason = reason
  }
}

/** Headmark's signature headers, as {@link signWebhook} returns them (lowercase names). */
export type WebhookSignatureHeaders = {
  'x-webhook-timestamp': string
  'x-webhook-signature': string
}

/** The Standard Webhooks headers {@link signWebhook} adds when given an `id`. */
export type StandardWebhookHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** Options of {@link signWebhook}. */
export interface SignWebhookOptions {
  secret: string
  /** Unix time in milliseconds. Default `Date.now()`. */
  timestamp?: number
  /** A unique message id; adds the Standard Webhooks headers. */
  id?: string
}

/** What {@link verifyWebhook} found: which scheme matched, when it was signed, and the id. */
export interface VerifiedWebhook {
  scheme: 'headmark' | 'standard'
  /** Unix time in milliseconds. */
  timestamp: number
  /** The Standard Webhooks `webhook-id`: an idempotency key. */
  id?: string
}

const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

function standardKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (!secret.startsWith('whsec_')) return encoder.encode(secret)
  return Uint8Array.from(atob(secret.slice(6)), (char) => char.charCodeAt(0))
}

async function hmac(secret: string, standard: boolean, prefix: string, body: string | Uint8Array) {
  const cacheKey = `${standard ? 's' : 'h'}${secret}`
  let key = keys.get(cacheKey)
  if (!key) {
    // Importing a key costs more than signing a small body, so keys are kept; the cap only
    // guards against a caller that creates a secret per request.
    if (keys.size >= 64) keys.clear()
    key = crypto.subtle.importKey(
      'raw',
      standard ? standardKeyBytes(secret) : encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    keys.set(cacheKey, key)
  }
  let data: Uint8Array<ArrayBuffer>
  if (typeof body === 'string') data = encoder.encode(prefix + body)
  else {
    const head = encoder.encode(prefix)
    data = new Uint8Array(head.length + body.length)
    data.set(head)
    data.set(body, head.length)
  }
  return new Uint8Array(await crypto.subtle.sign('HMAC', await key, data))
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))
const toHex = (bytes: Uint8Array) => {
  let hex = ''
  for (const byte of bytes) hex += HEX[byte]
  return hex
}
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/**
 * Compares two strings in time that depends only on their lengths, never on where they differ.
 *
 * @example
 * timingSafeEqual(expectedSignature, receivedSignature)
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  let difference = left.length ^ right.length
  for (let i = 0; i < left.length; i++) difference |= (left[i] as number) ^ (right[i] ?? 0)
  return difference === 0
}

/**
 * Signs a webhook body. Returns Headmark's headers, plus the Standard Webhooks ones when an
 * `id` is given (the id doubles as the receiver's idempotency key).
 *
 * @example
 * const body = JSON.stringify({ _type: 'placeholder' })
 * const headers = await signWebhook(body, { secret, id: crypto.randomUUID() })
 * await fetch(webhookUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
 */
export function signWebhook(
  body: string | Uint8Array,
  options: SignWebhookOptions & { id: string },
): Promise<WebhookSignatureHeaders & StandardWebhookHeaders>
export function signWebhook(
  body: string | Uint8Array,
  options: SignWebhookOptions & { id?: undefined },
): Promise<WebhookSignatureHeaders>
export function signWebhook(
  body: string | Uint8Array,
  options: SignWebhookOptions,
): Promise<WebhookSignatureHeaders & Partial<StandardWebhookHeaders>>
export async function signWebhook(
  body: string | Uint8Array,
  options: SignWebhookOptions,
): Promise<WebhookSignatureHeaders & Partial<StandardWebhookHeaders>> {
  const milliseconds = `${Math.floor(options.timestamp ?? Date.now())}`
  const headers: WebhookSignatureHeaders & Partial<StandardWebhookHeaders> = {
    'x-webhook-timestamp': milliseconds,
    'x-webhook-signature': `sha256=${toHex(await hmac(options.secret, false, `${milliseconds}.`, body))}`,
  }
  if (options.id !== undefined) {
    const seconds = `${Math.floor(Number(milliseconds) / 1000)}`
    const signature = await hmac(options.secret, true, `${options.id}.${seconds}.`, body)
    headers['webhook-id'] = options.id
    headers['webhook-timestamp'] = seconds
    headers['webhook-signature'] = `v1,${toBase64(signature)}`
  }
  return headers
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** The webhook's secret, or several while rotating: a signature by any of them is accepted. */
  secret: string | readonly string[]
  /** How far the signed timestamp may be from now, in seconds. Default 300 (±5 minutes). */
  tolerance?: number
  /** The current time in milliseconds, for tests. Default `Date.now()`. */
  now?: number
}

/**
 * Verifies a webhook request over its exact raw body. Uses Headmark's headers when present,
 * otherwise the Standard Webhooks ones. Resolves with what was verified; rejects with a
 * {@link WebhookVerificationError} otherwise. Signatures are compared in constant time and a
 * timestamp outside the tolerance is refused, so a captured request can not be replayed later.
 *
 * @example
 * const body = await request.text()
 * await verifyWebhook(body, request.headers, { secret: [process.env.WEBHOOK_SECRET, previousSecret] })
 * const payload = JSON.parse(body)
 */
export async function verifyWebhook(
  body: string | Uint8Array,
  headers: HeadersInit,
  options: VerifyWebhookOptions,
): Promise<VerifiedWebhook> {
  const secrets = [options.secret].flat().filter(Boolean)
  if (secrets.length === 0) throw new WebhookVerificationError('no-secret')
  const list = new Headers(headers)
  const get = (name: string) => list.get(name)
  const headmark = get('x-webhook-signature')
  const id = get('webhook-id')
  const raw = headmark ? get('x-webhook-timestamp') : get('webhook-timestamp')
  const signatures = headmark ? [headmark] : (get('webhook-signature') ?? '').split(' ')
  if (!raw || (!headmark && !id)) throw new WebhookVerificationError('missing-headers')
  if (!/^\d{1,16}$/.test(raw)) throw new WebhookVerificationError('invalid-timestamp')
  const timestamp = Number(raw) * (headmark ? 1 : 1000)
  const skew = (options.now ?? Date.now()) - timestamp
  const tolerance = (options.tolerance ?? 300) * 1000
  if (skew > tolerance) throw new WebhookVerificationError('timestamp-too-old')
  if (skew < -tolerance) throw new WebhookVerificationError('timestamp-too-new')

  for (const secret of secrets) {
    const expected = headmark
      ? `sha256=${toHex(await hmac(secret, false, `${raw}.`, body))}`
      : `v1,${toBase64(await hmac(secret, true, `${id}.${raw}.`, body))}`
    for (const signature of signatures) {
      if (timingSafeEqual(expected, headmark ? signature.toLowerCase() : signature)) {
        return headmark
          ? { scheme: 'headmark', timestamp }
          : { scheme: 'standard', timestamp, id: `${id}` }
      }
    }
  }
  throw new WebhookVerificationError('invalid-signature')
}
