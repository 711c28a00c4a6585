import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll } from 'vitest'

/** One answer of the local Stripe API. */
export interface StripeAnswer {
  status: number
  body: object
  /** Sent only once this resolves (a slow Stripe). */
  after?: Promise<void>
}

/** A request the local Stripe API received. */
export interface StripeRequest {
  method: string
  path: string
  idempotencyKey: string | null
}

export interface StripeApi {
  /** The server variables that turn Stripe on, pointed at this server (set in beforeAll). */
  readonly env: Record<string, string>
  /** `METHOD /path` of every request, in order. */
  readonly requests: string[]
  /** Every request with its idempotency key, in order. */
  readonly received: StripeRequest[]
  /** Subscriptions it knows, by id: GET answers with them, DELETE cancels them. */
  readonly subscriptions: Map<string, Record<string, unknown>>
  /** Answers the next requests for `method path` with these, in order, before the usual ones. */
  answerNext(method: string, path: string, ...answers: StripeAnswer[]): void
  /** Forgets the requests, subscriptions and pending answers (between tests). */
  reset(): void
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_headmark'
export const stripePrices = {
  starter: 'price_starter',
  team: 'price_team',
  business: 'price_business',
}

/** Stripe's answer to an id it does not know (a cancelled subscription is one too). */
export const noSuchSubscription = (id: string): StripeAnswer => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such subscription: '${id}'`,
      param: 'id',
    },
  },
})

/**
 * A local HTTP server in Stripe's wire format, which the real stripe client reaches through
 * STRIPE_API_URL: Stripe itself is never called from the tests and no card is ever charged. It
 * answers GET and DELETE of the subscriptions it knows, 404 for DELETE of one it does not, and
 * 503 for everything else. Call it before `useTestServer({ env: stripeApi.env })`, so that the
 * URL is set when the server starts.
 */
export function useStripeApi(): StripeApi {
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_headmark',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: stripePrices.starter,
    STRIPE_PRICE_TEAM: stripePrices.team,
    STRIPE_PRICE_BUSINESS: stripePrices.business,
  }
  const requests: string[] = []
  const received: StripeRequest[] = []
  const subscriptions = new Map<string, Record<string, unknown>>()
  const pending = new Map<string, StripeAnswer[]>()

  function usualAnswer(method: string, path: string): StripeAnswer {
    const id = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path)?.[1]
    const found = id ? subscriptions.get(id) : undefined
    if (id && method === 'GET' && found) return { status: 200, body: found }
    if (id && method === 'DELETE') {
      if (!found || found.status === 'canceled') return noSuchSubscription(id)
      const now = Math.floor(Date.now() / 1000)
      const cancelled = { ...found, status: 'canceled', canceled_at: now, ended_at: now }
      subscriptions.set(id, cancelled)
      return { status: 200, body: cancelled }
    }
    // What Stripe says to a request it does not serve.
    return {
      status: 503,
      body: { error: { type: 'api_error', message: 'Stripe is not reachable from the tests' } },
    }
  }

  let server: Server
  beforeAll(async () => {
    server = createServer((req, res) => {
      const method = req.method ?? 'GET'
      const path = (req.url ?? '/').split('?')[0] as string
      requests.push(`${method} ${req.url}`)
      const key = req.headers['idempotency-key']
      received.push({ method, path, idempotencyKey: typeof key === 'string' ? key : null })
      req.resume()
      const answer = pending.get(`${method} ${path}`)?.shift() ?? usualAnswer(method, path)
      void (answer.after ?? Promise.resolve()).then(() => {
        res.statusCode = answer.status
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(answer.body))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  return {
    env,
    requests,
    received,
    subscriptions,
    answerNext(method, path, ...answers) {
      const key = `${method} ${path}`
      pending.set(key, [...(pending.get(key) ?? []), ...answers])
    },
    reset() {
      requests.length = 0
      received.length = 0
      subscriptions.clear()
      pending.clear()
    },
  }
}

const signer = new Stripe('sk_test_headmark')

/** Sends `event` to the server's Stripe webhook, signed as Stripe signs (with `secret`). */
export function deliverStripeEvent(origin: string, event: object, secret = STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event)
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret })
  return fetch(`${origin}/api/auth/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
}
