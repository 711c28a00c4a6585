import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { createEnv, InvalidEnvError } from '@headmark/metadata/env'
import { z } from 'zod'
import { DEFAULT_MAX_BODY_BYTES } from './edge.ts'
import { findRepoRoot } from './paths.ts'
import { parseCidr } from './webhooks/outbound-guard.ts'

const DEFAULT_MAIL_FROM = 'Headmark <no-reply@headmark.localhost>'
const DEFAULT_DEV_URL = 'http://localhost:3000'

const originList = z
  .string()
  .transform((value, ctx) => {
    const origins: string[] = []
    for (const entry of value.split(',')) {
      const trimmed = entry.trim()
      if (trimmed === '') continue
      if (!URL.canParse(trimmed)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${trimmed}" is not a URL (e.g. https://a.example)`,
        })
        return z.NEVER
      }
      origins.push(new URL(trimmed).origin)
    }
    return origins
  })
  .optional()

const emailList = z
  .string()
  .transform((value, ctx) => {
    const emails = value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '')
    const bad = emails.find((email) => !z.email().safeParse(email).success)
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not an e-mail address` })
      return z.NEVER
    }
    return emails
  })
  .optional()

const stripePrice = z
  .string()
  .regex(/^price_\w+$/, 'Must be the id of a Stripe price (price_…)')
  .optional()

const serverEnvSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'test', 'production'], {
        error: 'Use development, test or production',
      })
      .default('development'),
    DATABASE_URL: z
      .string()
      .refine((value) => value === 'pglite:memory' || /^postgres(ql)?:\/\//.test(value), {
        message:
          'Use "pglite:memory" or a postgres:// URL, or leave it unset for the embedded database under .data/',
      })
      .optional(),
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, {
        message:
          'Must be a postgres:// URL that reaches PostgreSQL in session mode (directly, not through a transaction-mode pooler)',
      })
      .optional(),
    DATABASE_POOL_MAX: z.coerce
      .number({ error: 'Must be a whole number of connections, e.g. 10' })
      .int('Must be a whole number of connections, e.g. 10')
      .min(1, 'Must be at least 1')
      .max(1000, 'Must be at most 1000')
      .default(10),
    BETTER_AUTH_URL: z.url({ error: 'Must be the URL the app is served at' }).optional(),
    BETTER_AUTH_SECRET: z
      .string()
      .min(32, 'Must be at least 32 characters (e.g. `openssl rand -base64 32`)')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'Must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
    DEV_MAILBOX_KEY: z
      .string()
      .regex(/^[\w-]{16,}$/, 'Must be at least 16 letters, digits, - or _')
      .optional(),
    TRUSTED_ORIGINS: originList,
    WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false'], { error: 'Use true or false' }).optional(),
    WEBHOOKS_DENY_CIDRS: z
      .string()
      .transform((value, ctx) => {
        const ranges: string[] = []
        for (const entry of value.split(',').map((item) => item.trim())) {
          if (entry === '') continue
          const range = parseCidr(entry)
          if (range === null) {
            ctx.addIssue({
              code: 'custom',
              message: `"${entry}" is not a CIDR range (e.g. 10.0.0.0/8 or fd00::/8)`,
            })
            return z.NEVER
          }
          ranges.push(range)
        }
        return ranges
      })
      .optional(),
    DATA_DIR: z.string().optional(),
    MIGRATIONS_FOLDER: z.string().optional(),
    ADMIN_EMAILS: emailList,
    CONTACT_EMAIL: z.email({ error: 'Must be an e-mail address' }).optional(),
    RATE_LIMIT: z.enum(['on', 'off'], { error: 'Use on or off' }).optional(),
    MAX_BODY_BYTES: z
      .string()
      .regex(/^[1-9][0-9]*$/, 'Must be a whole number of bytes, e.g. 1048576 for 1 MiB')
      .transform(Number)
      .optional(),
    TRUSTED_PROXIES: z
      .string()
      .transform((value, ctx) => {
        const proxies = value
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '')
        for (const proxy of proxies) {
          if (!isIP(proxy)) {
            ctx.addIssue({
              code: 'custom',
              message: `"${proxy}" is not an IP address (e.g. 10.0.0.2 or ::1)`,
            })
            return z.NEVER
          }
        }
        return proxies
      })
      .optional(),
    PUBLIC_API_CACHE_ENTRIES: z.coerce
      .number({ error: 'Must be a whole number of answers, e.g. 50000' })
      .int('Must be a whole number of answers, e.g. 50000')
      .min(0, 'Must be 0 (no cache) or more')
      .default(50_000),
    PUBLIC_API_CACHE_MB: z.coerce
      .number({ error: 'Must be a number of megabytes, e.g. 128' })
      .min(0, 'Must be 0 (no cache) or more')
      .default(128),
    METRICS_TOKEN: z
      .string()
      .regex(
        /^[\w.~+/=-]{32,}$/,
        'Must be at least 32 letters, digits or -._~+/= (e.g. `openssl rand -base64 32`)',
      )
      .optional(),
    SHUTDOWN_DELAY_SECONDS: z.coerce
      .number({ error: 'Must be a number of seconds, e.g. 5' })
      .min(0, 'Must be 0 or more')
      .max(300, 'Must be at most 300')
      .default(0),
    CRAWLER_CONCURRENCY_PER_HOST: z.coerce
      .number({ error: 'Must be a whole number of requests, e.g. 2' })
      .int('Must be a whole number of requests, e.g. 2')
      .min(1, 'Must be at least 1')
      .max(64, 'Must be at most 64')
      .default(2),
    CRAWLER_REQUESTS_PER_SECOND: z.coerce
      .number({ error: 'Must be a number of requests per second, e.g. 4' })
      .positive('Must be more than 0')
      .max(1000, 'Must be at most 1000')
      .default(4),
    CRAWLER_TIMEOUT_MS: z.coerce
      .number({ error: 'Must be a whole number of milliseconds, e.g. 10000' })
      .int('Must be a whole number of milliseconds, e.g. 10000')
      .min(100, 'Must be at least 100')
      .max(120_000, 'Must be at most 120000')
      .default(10_000),
    LIVE_CHECK_SECONDS: z.coerce
      .number({ error: 'Must be a whole number of seconds, e.g. 60' })
      .int('Must be a whole number of seconds, e.g. 60')
      .min(0, 'Must be 0 (no live checks) or more')
      .max(600, 'Must be at most 600')
      .default(60),
    LIVE_CHECK_INTERVAL_MS: z.coerce
      .number({ error: 'Must be a whole number of milliseconds, e.g. 2000' })
      .int('Must be a whole number of milliseconds, e.g. 2000')
      .min(50, 'Must be at least 50')
      .max(60_000, 'Must be at most 60000')
      .default(2000),
    DRIFT_CHECK_HOURS: z.coerce
      .number({ error: 'Must be a whole number of hours, e.g. 24' })
      .int('Must be a whole number of hours, e.g. 24')
      .min(0, 'Must be 0 (no scheduled checks) or more')
      .max(720, 'Must be at most 720')
      .default(1),
    DRIFT_MAX_PAGES: z.coerce
      .number({ error: 'Must be a whole number of pages, e.g. 1000' })
      .int('Must be a whole number of pages, e.g. 1000')
      .min(1, 'Must be at least 1')
      .max(100_000, 'Must be at most 100000')
      .default(10_000),
    CRAWLER_SITE_ORIGINS: z
      .string()
      .optional()
      .transform((value, context) => {
        const out: Record<string, string> = {}
        for (const part of (value ?? '').split(',')) {
          if (!part.trim()) continue
          const [host = '', origin = ''] = part.split('=').map((item) => item.trim())
          if (!host || !URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol)) {
            context.addIssue({
              code: 'custom',
              message: `"${part.trim()}" is not hostname=origin, e.g. localhost=http://localhost:4319`,
            })
            return z.NEVER
          }
          out[host.toLowerCase()] = new URL(origin).origin
        }
        return out
      }),
    CDN_PURGE_PROVIDER: z
      .enum(['cloudflare', 'fastly', 'bunny'], { error: 'Use cloudflare, fastly or bunny' })
      .optional(),
    CDN_PURGE_TOKEN: z.string().min(1, 'Must not be empty').optional(),
    CDN_PURGE_ZONE: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'Must be the zone, service or pull zone id (letters, digits, - or _)')
      .optional(),
    CDN_PURGE_API_URL: z
      .url({ error: 'Must be a URL, e.g. https://api.cloudflare.com' })
      .optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'Must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'Must be the signing secret of a Stripe webhook endpoint (whsec_…)')
      .optional(),
    STRIPE_PRICE_STARTER: stripePrice,
    STRIPE_PRICE_TEAM: stripePrice,
    STRIPE_PRICE_BUSINESS: stripePrice,
    STRIPE_API_URL: z.url({ error: 'Must be a URL, e.g. http://localhost:12111' }).optional(),
  })
  .superRefine((env, ctx) => {
    // Stripe is all or nothing: half a configuration would take payments it can not confirm.
    const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const
    const stripeSet = stripeKeys.filter((key) => env[key] !== undefined)
    if (stripeSet.length === 1) {
      const missing = stripeKeys.find((key) => env[key] === undefined) as string
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set ${missing} too, or unset ${stripeSet[0]} to use the built-in self-hosted provider`,
      })
    }
    if (stripeSet.length === 2) {
      for (const key of ['STRIPE_PRICE_STARTER', 'STRIPE_PRICE_TEAM', 'STRIPE_PRICE_BUSINESS']) {
        if (env[key as 'STRIPE_PRICE_TEAM'] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `Required with Stripe: the id of the plan's monthly price in Stripe (price_…)`,
          })
        }
      }
    }
  })
  .superRefine((env, ctx) => {
    if (
      env.DATABASE_DIRECT_URL !== undefined &&
      !/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message:
          'Only meaningful with a postgres:// DATABASE_URL (the pooled connection): set that too, or unset this',
      })
    }
    // A purge needs all three; half a configuration would leave CDNs stale without a word.
    const cdnKeys = ['CDN_PURGE_PROVIDER', 'CDN_PURGE_TOKEN', 'CDN_PURGE_ZONE'] as const
    const cdnSet = cdnKeys.filter((key) => env[key] !== undefined)
    if (cdnSet.length > 0 && cdnSet.length < cdnKeys.length) {
      for (const key of cdnKeys.filter((name) => env[name] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `CDN purge needs CDN_PURGE_PROVIDER, CDN_PURGE_TOKEN and CDN_PURGE_ZONE: set ${key} too, or unset ${cdnSet.join(' and ')}`,
        })
      }
    }
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return
    const required = {
      BETTER_AUTH_URL: 'Required in production: the public URL of the app',
      BETTER_AUTH_SECRET: 'Required in production: sessions can not be signed without it',
      SMTP_URL:
        'Required in production: verification e-mails and magic links need a mail server (smtp://…)',
    } as const
    if (env.RATE_LIMIT === 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT'],
        message: 'Rate limits can not be turned off in production',
      })
    }
    for (const [key, message] of Object.entries(required)) {
      if (env[key as keyof typeof required] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message })
      }
    }
  })

/** Where the database lives, derived from DATABASE_URL. */
export type DatabaseLocation =
  | { kind: 'pglite'; dataDir: string | null }
  | {
      kind: 'postgres'
      /** The pooled connection (possibly through a transaction-mode pooler such as PgBouncer). */
      url: string
      /**
       * A session-mode connection straight to PostgreSQL, for what a transaction-mode pooler can
       * not carry: LISTEN, the job queue and migrations. The same as `url` unless
       * DATABASE_DIRECT_URL is set.
       */
      directUrl?: string
      /** Connections of the pool (DATABASE_POOL_MAX). */
      poolMax?: number
    }

/** The server's validated configuration. */
export interface ServerEnv {
  NODE_ENV: 'development' | 'test' | 'production'
  database: DatabaseLocation
  BETTER_AUTH_URL: string
  BETTER_AUTH_SECRET: string
  SMTP_URL: string | null
  MAIL_FROM: string
  /**
   * The key the development mailbox asks for (`/dev/mailbox?key=…`), printed at start: a proxy on
   * the same machine makes every visitor look local, so being on loopback is not enough.
   */
  devMailboxKey: string
  /** The origins better-auth accepts: BETTER_AUTH_URL's origin plus TRUSTED_ORIGINS. */
  trustedOrigins: string[]
  /** Webhooks may call loopback addresses (127.0.0.0/8, ::1): on outside production by default. */
  WEBHOOKS_ALLOW_LOOPBACK: boolean
  /**
   * Ranges webhooks may never call, on top of every non-public one (WEBHOOKS_DENY_CIDRS, e.g. the
   * operator's own public addresses), written as `parseCidr` writes them.
   */
  webhooksDenyCidrs: string[]
  /** Folder for the embedded database and the development auth secret. */
  DATA_DIR: string
  MIGRATIONS_FOLDER: string
  /** Accounts that become platform admins when they verify their e-mail (lower case). */
  adminEmails: string[]
  /** Where contact-form messages go; null: to the first of ADMIN_EMAILS, else MAIL_FROM. */
  CONTACT_EMAIL: string | null
  /** Rate limits on sign-in, e-mails, invitations: on unless NODE_ENV=test or RATE_LIMIT=off. */
  rateLimit: boolean
  /** Request bodies larger than this get 413 (default 1 MiB). */
  MAX_BODY_BYTES: number
  /**
   * Addresses of the reverse proxies in front of the server. Only requests arriving from one of
   * them have their X-Forwarded-For read; otherwise the client is the socket's peer.
   */
  trustedProxies: string[]
  /** The public API's answer cache: at most this many answers… */
  PUBLIC_API_CACHE_ENTRIES: number
  /** …and at most this many megabytes of them, per process. */
  PUBLIC_API_CACHE_MB: number
  /** Stripe bills the plans when set; null: the built-in self-hosted provider. */
  stripe: StripeSettings | null
  /** The bearer token `/metrics` asks for; null: no `/metrics` (the default). */
  metricsToken: string | null
  /** On SIGTERM, answer /readyz 503 for this long, still serving, before closing. */
  SHUTDOWN_DELAY_SECONDS: number
  /** Where saves purge CDN caches; null: no CDN purge. A secret token inside. */
  cdnPurge: CdnPurgeSettings | null
  /** How the crawler of imports treats the sites it visits (per host). */
  crawler: CrawlerSettings
}

/** The crawler's rates (CRAWLER_*); its outbound policy is the webhooks'. */
export interface CrawlerSettings {
  /** Requests in flight at once per host (CRAWLER_CONCURRENCY_PER_HOST, default 2). */
  concurrencyPerHost: number
  /** Requests started per second per host (CRAWLER_REQUESTS_PER_SECOND, default 4). */
  requestsPerSecond: number
  /** Each request's time limit (CRAWLER_TIMEOUT_MS, default 10000). */
  timeoutMs: number
  /**
   * Where a site is fetched when not at `https://<hostname>` (CRAWLER_SITE_ORIGINS,
   * `localhost=http://localhost:4319,…`): development and test sites on loopback.
   */
  siteOrigins: Record<string, string>
  /** How long after a save its page is fetched until it shows it (LIVE_CHECK_SECONDS, default 60; 0: no live checks). */
  liveCheckMs: number
  /** The pause between those fetches (LIVE_CHECK_INTERVAL_MS, default 2000). */
  liveCheckIntervalMs: number
  /**
   * The shortest period between a site's scheduled drift checks, whatever its plan sets
   * (DRIFT_CHECK_HOURS, default 1; 0: no scheduled checks).
   */
  driftEveryMs: number
  /** Pages one drift check reads at most, whatever its plan sets (DRIFT_MAX_PAGES, default 10000). */
  driftMaxPages: number
}

/** A CDN's purge API: which provider, its credentials and zone (a secret: never logged). */
export interface CdnPurgeSettings {
  provider: 'cloudflare' | 'fastly' | 'bunny'
  token: string
  zone: string
  /** Another place that speaks the provider's API; null: the provider's own. */
  apiUrl: string | null
}

/** What the Stripe provider needs: keys, the price of each paid plan, and where Stripe's API is. */
export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  prices: { starter: string; team: string; business: string }
  /** Stripe's API, or another place that speaks it (stripe-mock); null: api.stripe.com. */
  apiUrl: string | null
}

/**
 * Validates the server's environment. Throws `InvalidEnvError` ('Invalid environment variables',
 * followed by one line per problem) when something is missing or malformed; production refuses to
 * start without a real URL, secret and mail server.
 *
 * @example
 * const env = loadServerEnv(process.env) // an entry point hands over its environment
 * const testEnv = loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: 'pglite:memory' })
 */
export function loadServerEnv(
  runtimeEnv: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): ServerEnv {
  let parsed: z.output<typeof serverEnvSchema>
  try {
    parsed = createEnv({ schema: serverEnvSchema, runtimeEnv })
  } catch (error) {
    if (error instanceof InvalidEnvError) {
      const listed = new InvalidEnvError(error.issues)
      listed.message = `Invalid environment variables:\n${error.issues
        .map((issue) => `  - ${issue.path}: ${issue.message}`)
        .join('\n')}`
      throw listed
    }
    throw error
  }

  const root = findRepoRoot(cwd)
  const dataDir = resolve(root, parsed.DATA_DIR ?? '.data')
  // Without BETTER_AUTH_URL the app is where this machine serves it: localhost, on PORT if set.
  const port = /^\d{1,5}$/.test(runtimeEnv.PORT ?? '') ? runtimeEnv.PORT : undefined
  const baseURL = parsed.BETTER_AUTH_URL ?? (port ? `http://localhost:${port}` : DEFAULT_DEV_URL)
  const database: DatabaseLocation =
    parsed.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') }
      : parsed.DATABASE_URL === 'pglite:memory'
        ? { kind: 'pglite', dataDir: null }
        : {
            kind: 'postgres',
            url: parsed.DATABASE_URL,
            directUrl: parsed.DATABASE_DIRECT_URL ?? parsed.DATABASE_URL,
            poolMax: parsed.DATABASE_POOL_MAX,
          }

  return {
    NODE_ENV: parsed.NODE_ENV,
    database,
    BETTER_AUTH_URL: baseURL,
    BETTER_AUTH_SECRET:
      parsed.BETTER_AUTH_SECRET ??
      (parsed.NODE_ENV === 'development'
        ? readOrCreateSecret(dataDir, 'auth-secret')
        : // Tests get a throw-away secret: nothing signed with it outlives the process.
          randomBytes(32).toString('base64url')),
    SMTP_URL: parsed.SMTP_URL ?? null,
    MAIL_FROM: parsed.MAIL_FROM,
    devMailboxKey:
      parsed.DEV_MAILBOX_KEY ??
      (parsed.NODE_ENV === 'development'
        ? readOrCreateSecret(dataDir, 'mailbox-key')
        : randomBytes(24).toString('base64url')),
    trustedOrigins: [...new Set([new URL(baseURL).origin, ...(parsed.TRUSTED_ORIGINS ?? [])])],
    WEBHOOKS_ALLOW_LOOPBACK:
      parsed.WEBHOOKS_ALLOW_LOOPBACK === undefined
        ? parsed.NODE_ENV !== 'production'
        : parsed.WEBHOOKS_ALLOW_LOOPBACK === 'true',
    webhooksDenyCidrs: parsed.WEBHOOKS_DENY_CIDRS ?? [],
    DATA_DIR: dataDir,
    MIGRATIONS_FOLDER: resolve(root, parsed.MIGRATIONS_FOLDER ?? 'packages/api/drizzle'),
    adminEmails: parsed.ADMIN_EMAILS ?? [],
    CONTACT_EMAIL: parsed.CONTACT_EMAIL ?? null,
    rateLimit: parsed.RATE_LIMIT ? parsed.RATE_LIMIT === 'on' : parsed.NODE_ENV !== 'test',
    MAX_BODY_BYTES: parsed.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    trustedProxies: parsed.TRUSTED_PROXIES ?? [],
    PUBLIC_API_CACHE_ENTRIES: parsed.PUBLIC_API_CACHE_ENTRIES,
    PUBLIC_API_CACHE_MB: parsed.PUBLIC_API_CACHE_MB,
    stripe:
      parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: parsed.STRIPE_SECRET_KEY,
            webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
            prices: {
              starter: parsed.STRIPE_PRICE_STARTER as string,
              team: parsed.STRIPE_PRICE_TEAM as string,
              business: parsed.STRIPE_PRICE_BUSINESS as string,
            },
            apiUrl: parsed.STRIPE_API_URL ?? null,
          }
        : null,
    metricsToken: parsed.METRICS_TOKEN ?? null,
    SHUTDOWN_DELAY_SECONDS: parsed.SHUTDOWN_DELAY_SECONDS,
    cdnPurge:
      parsed.CDN_PURGE_PROVIDER && parsed.CDN_PURGE_TOKEN && parsed.CDN_PURGE_ZONE
        ? {
            provider: parsed.CDN_PURGE_PROVIDER,
            token: parsed.CDN_PURGE_TOKEN,
            zone: parsed.CDN_PURGE_ZONE,
            apiUrl: parsed.CDN_PURGE_API_URL ?? null,
          }
        : null,
    crawler: {
      concurrencyPerHost: parsed.CRAWLER_CONCURRENCY_PER_HOST,
      requestsPerSecond: parsed.CRAWLER_REQUESTS_PER_SECOND,
      timeoutMs: parsed.CRAWLER_TIMEOUT_MS,
      siteOrigins: parsed.CRAWLER_SITE_ORIGINS,
      liveCheckMs: parsed.LIVE_CHECK_SECONDS * 1000,
      liveCheckIntervalMs: parsed.LIVE_CHECK_INTERVAL_MS,
      driftEveryMs: parsed.DRIFT_CHECK_HOURS * 3600_000,
      driftMaxPages: parsed.DRIFT_MAX_PAGES,
    },
  }
}

/**
 * A development secret kept under .data/ (`name`), so that sessions and the mailbox's link
 * survive restarts.
 */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name)
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx' fails if another process wrote the file first; then that secret wins.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(file, 'utf8').trim()
}
