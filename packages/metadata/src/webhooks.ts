import type { MetadataClient } from './client.ts'
import { isWebhookPayload } from './guards.ts'
import {
  timingSafeEqual,
  type VerifiedWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from './signature.ts'
import type { WebhookPayload } from './types.ts'

export {
  type SignWebhookOptions,
  type StandardWebhookHeaders,
  signWebhook,
  timingSafeEqual,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookSignatureHeaders,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './signature.ts'

/**
 * Bodies above this many bytes (1 MiB) are refused with `413` before they are verified.
 *
 * @example
 * if (Number(request.headers.get('content-length')) > MAX_WEBHOOK_BODY_BYTES) return tooLarge()
 */
export const MAX_WEBHOOK_BODY_BYTES = 1_048_576

/** What `onEvent` receives besides the payload. */
export interface WebhookEventContext {
  request: Request
  /** How the request was verified; `null` when it was accepted by the legacy bearer secret. */
  verification: VerifiedWebhook | null
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /**
   * The webhook's secret, or several while rotating. Missing or empty answers
   * `500 Webhook secret is not configured`, so `process.env.…` can be passed as it is.
   */
  secret: string | readonly string[] | undefined
  /**
   * Runs for each verified event. An object it returns is sent back as `metadata` (and shows in
   * the webhook's call history); a throw answers `500 Failed to run webhook handler`.
   */
  onEvent?: (payload: WebhookPayload, context: WebhookEventContext) => unknown
  /** A `metadata_update` drops its path from this client's cache (all paths when `path` is `null`). */
  client?: Pick<MetadataClient, 'invalidate'>
  /**
   * Also accept `Authorization: Bearer <secret>` without a signature, as old receivers did.
   * Off by default: a bearer secret can be replayed by anyone who sees one request.
   */
  allowLegacyBearer?: boolean
  /** Timestamp tolerance in seconds. Default 300. */
  tolerance?: number
  /**
   * Runs for each verified `metadata_update` with the changed page's route path (after
   * `pathRewrite`), or `null` when the site's default metadata changed and every page is
   * affected: wire it to your framework's cache, e.g. Next's `revalidatePath`. The `200` body
   * then says what was revalidated: `{ ok: true, revalidated: '/pricing' }` (`null` = everything).
   * A throw answers `500 Failed to run webhook handler`.
   */
  revalidate?: (path: string | null) => unknown
  /**
   * Maps a path as it is stored in Headmark (the dashboard's) to your route's path before
   * `revalidate` sees it, e.g. `(path) => \`/en${path}\`` when routes carry a locale prefix.
   */
  pathRewrite?: (path: string) => string
}

const answer = (status: number, body: object, headers?: HeadersInit) =>
  Response.json(body, headers === undefined ? { status } : { status, headers })
const ALLOW = { allow: 'POST' }
const malformed = () => answer(400, { ok: false, error: 'Malformed JSON in request body' })

async function readBody(request: Request): Promise<Uint8Array | null> {
  if (Number(request.headers.get('content-length')) > MAX_WEBHOOK_BODY_BYTES) return null
  const reader = request.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.length
    // A body sent without Content-Length is counted as it arrives and cut off at the limit.
    if (size > MAX_WEBHOOK_BODY_BYTES) {
      await reader?.cancel()
      return null
    }
    chunks.push(read.value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.length
  }
  return body
}

/**
 * Creates a Web-standard `(Request) => Promise<Response>` receiver of Headmark's webhooks, usable
 * as a Next.js route handler, a TanStack Start server route or in any runtime with `Request`.
 * It verifies the signature over the raw body (see {@link verifyWebhook}) and answers:
 *
 * - `200 { ok: true, metadata? }` after `onEvent` ran (unknown future `_type`s are acknowledged
 *   without calling it);
 * - `401 { ok: false, error: 'Unauthorized' }` when neither a signature nor an allowed bearer matches;
 * - `500 { ok: false, error: 'Webhook secret is not configured' }`;
 * - `500 { ok: false, error: 'Failed to run webhook handler', metadata: { message } }`;
 * - `400 { ok: false, error: 'Malformed JSON in request body' }`;
 * - `413 { ok: false, error: 'Payload too large' }` above {@link MAX_WEBHOOK_BODY_BYTES};
 * - `405 { ok: false, error: 'Method not allowed' }` with `Allow: POST` for any method but
 *   `POST` (`HEAD` gets no body, `OPTIONS` gets `204` with `Allow: POST`).
 *
 * @example
 * // app/api/headmark/route.ts (Next.js)
 * export const POST = createWebhookHandler({
 *   secret: process.env.HEADMARK_WEBHOOK_SECRET,
 *   client: metadataClient,
 *   onEvent: (payload) => console.log('Headmark event', payload._type),
 * })
 */
export function createWebhookHandler(
  options: WebhookHandlerOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const method = request.method.toUpperCase()
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: ALLOW })
    if (method === 'HEAD') return new Response(null, { status: 405, headers: ALLOW })
    if (method !== 'POST') return answer(405, { ok: false, error: 'Method not allowed' }, ALLOW)
    const secrets = [options.secret ?? []].flat().filter(Boolean)
    if (secrets.length === 0) {
      return answer(500, { ok: false, error: 'Webhook secret is not configured' })
    }
    const body = await readBody(request)
    if (!body) return answer(413, { ok: false, error: 'Payload too large' })

    let verification: VerifiedWebhook | null = null
    try {
      verification = await verifyWebhook(body, request.headers, {
        secret: secrets,
        ...(options.tolerance === undefined ? {} : { tolerance: options.tolerance }),
      })
    } catch (error) {
      // Only a `whsec_` secret that is not base64 fails otherwise.
      if (!(error instanceof WebhookVerificationError)) {
        return answer(500, { ok: false, error: 'Webhook secret is not configured' })
      }
      const bearer = `${request.headers.get('authorization')}`
      const legacy =
        options.allowLegacyBearer === true &&
        secrets.some((secret) => timingSafeEqual(`Bearer ${secret}`, bearer))
      if (!legacy) return answer(401, { ok: false, error: 'Unauthorized' })
    }

    let payload: unknown
    try {
      payload = JSON.parse(new TextDecoder().decode(body))
    } catch {
      return malformed()
    }
    if (!isWebhookPayload(payload)) {
      const type = (payload as { _type?: unknown } | null)?._type
      // A newer Headmark may send event types this version does not know: acknowledge them so
      // they are not retried, rather than calling `onEvent` with a shape it can not expect.
      return typeof type === 'string' && type !== 'metadata_update'
        ? answer(200, { ok: true })
        : malformed()
    }

    try {
      const body: { ok: true; metadata?: object; revalidated?: string | null } = { ok: true }
      if (payload._type === 'metadata_update') {
        options.client?.invalidate(payload.path)
        if (options.revalidate) {
          const { path } = payload
          const route = path === null || !options.pathRewrite ? path : options.pathRewrite(path)
          await options.revalidate(route)
          body.revalidated = route
        }
      }
      const result = await options.onEvent?.(payload, { request, verification })
      if (typeof result === 'object' && result !== null) body.metadata = result
      return answer(200, body)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return answer(500, {
        ok: false,
        error: 'Failed to run webhook handler',
        metadata: { message },
      })
    }
  }
}
