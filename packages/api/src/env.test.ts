import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvalidEnvError } from '@headmark/metadata/env'
import { afterAll, describe, expect, it } from 'vitest'
import { loadServerEnv } from './env.ts'

/** A throw-away repository root, so tests never touch the real .data folder. */
function fakeRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'headmark-env-'))
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'headmark' }))
  roots.push(root)
  return root
}

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const production = {
  NODE_ENV: 'production',
  BETTER_AUTH_URL: 'https://headmark.example',
  BETTER_AUTH_SECRET: 'a-real-secret-of-at-least-32-characters!',
  SMTP_URL: 'smtp://mail.example:587',
}

describe('loadServerEnv', () => {
  it('defaults to development with the embedded database under <repo>/.data', () => {
    const root = fakeRepo()
    const env = loadServerEnv({}, join(root))
    expect(env.NODE_ENV).toBe('development')
    expect(env.database).toEqual({ kind: 'pglite', dataDir: join(root, '.data', 'pglite') })
    expect(env.BETTER_AUTH_URL).toBe('http://localhost:3000')
    expect(env.MAIL_FROM).toBe('Headmark <no-reply@headmark.localhost>')
    expect(env.SMTP_URL).toBeNull()
    expect(env.MIGRATIONS_FOLDER).toBe(join(root, 'packages', 'api', 'drizzle'))
  })

  it('defaults the app’s URL to this machine on PORT when PORT is set', () => {
    const root = fakeRepo()
    expect(loadServerEnv({ PORT: '4123' }, root).BETTER_AUTH_URL).toBe('http://localhost:4123')
    expect(loadServerEnv({ PORT: 'x' }, root).BETTER_AUTH_URL).toBe('http://localhost:3000')
    expect(
      loadServerEnv({ PORT: '4123', BETTER_AUTH_URL: 'http://app.localhost:8080' }, root)
        .BETTER_AUTH_URL,
    ).toBe('http://app.localhost:8080')
  })

  it('finds the repo root from a workspace folder below it', () => {
    const root = fakeRepo()
    const env = loadServerEnv({ DATABASE_URL: 'pglite:memory' }, join(root, 'apps', 'app'))
    expect(env.DATA_DIR).toBe(join(root, '.data'))
  })

  it('generates the development secret once and keeps it under .data', () => {
    const root = fakeRepo()
    const first = loadServerEnv({}, root).BETTER_AUTH_SECRET
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(root, '.data', 'auth-secret'), 'utf8')).toBe(first)
    expect(loadServerEnv({}, root).BETTER_AUTH_SECRET).toBe(first)
  })

  it('does not write a secret to disk for tests', () => {
    const root = fakeRepo()
    loadServerEnv({ NODE_ENV: 'test' }, root)
    expect(existsSync(join(root, '.data', 'auth-secret'))).toBe(false)
  })

  it('reads pglite:memory and postgres URLs', () => {
    const root = fakeRepo()
    expect(loadServerEnv({ DATABASE_URL: 'pglite:memory' }, root).database).toEqual({
      kind: 'pglite',
      dataDir: null,
    })
    for (const url of ['postgres://u@h:5432/db', 'postgresql://u@h/db']) {
      expect(loadServerEnv({ DATABASE_URL: url }, root).database).toEqual({
        kind: 'postgres',
        url,
        directUrl: url,
        poolMax: 10,
      })
    }
  })

  it('trusts BETTER_AUTH_URL plus TRUSTED_ORIGINS, as origins', () => {
    const env = loadServerEnv(
      {
        BETTER_AUTH_URL: 'http://127.0.0.1:4321/some/path',
        TRUSTED_ORIGINS: 'https://a.example/x, https://b.example:8443 ,',
      },
      fakeRepo(),
    )
    expect(env.trustedOrigins).toEqual([
      'http://127.0.0.1:4321',
      'https://a.example',
      'https://b.example:8443',
    ])
  })

  it('accepts a complete production environment', () => {
    const env = loadServerEnv(production, fakeRepo())
    expect(env.BETTER_AUTH_SECRET).toBe(production.BETTER_AUTH_SECRET)
    expect(env.SMTP_URL).toBe('smtp://mail.example:587')
  })

  it.each([
    ['BETTER_AUTH_SECRET', /BETTER_AUTH_SECRET: Required in production/],
    ['BETTER_AUTH_URL', /BETTER_AUTH_URL: Required in production/],
    ['SMTP_URL', /SMTP_URL: Required in production/],
  ])('refuses to start in production without %s, saying why', (missing, message) => {
    const root = fakeRepo()
    const runtimeEnv = { ...production, [missing]: '' }
    expect(() => loadServerEnv(runtimeEnv, root)).toThrow(InvalidEnvError)
    expect(() => loadServerEnv(runtimeEnv, root)).toThrow(/^Invalid environment variables/)
    expect(() => loadServerEnv(runtimeEnv, root)).toThrow(message)
    expect(existsSync(join(root, '.data'))).toBe(false)
  })

  it('lists every malformed variable', () => {
    let error: unknown
    try {
      loadServerEnv(
        {
          NODE_ENV: 'staging',
          DATABASE_URL: 'mysql://db',
          BETTER_AUTH_SECRET: 'short',
          SMTP_URL: 'http://mail',
          TRUSTED_ORIGINS: 'not a url',
        },
        fakeRepo(),
      )
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidEnvError)
    expect((error as InvalidEnvError).issues.map((issue) => issue.path).sort()).toEqual([
      'BETTER_AUTH_SECRET',
      'DATABASE_URL',
      'NODE_ENV',
      'SMTP_URL',
      'TRUSTED_ORIGINS',
    ])
    expect((error as Error).message).toContain(
      '  - BETTER_AUTH_SECRET: Must be at least 32 characters',
    )
  })

  it('uses the self-hosted provider unless Stripe is configured, and Stripe only when complete', () => {
    const root = fakeRepo()
    expect(loadServerEnv({ NODE_ENV: 'test' }, root).stripe).toBeNull()
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_TEAM: 'price_t',
      STRIPE_PRICE_BUSINESS: 'price_b',
    }
    expect(loadServerEnv({ NODE_ENV: 'test', ...stripe }, root).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { starter: 'price_s', team: 'price_t', business: 'price_b' },
      apiUrl: null,
    })
    const problems = (env: Record<string, string>) => {
      try {
        loadServerEnv({ NODE_ENV: 'test', ...env }, root)
      } catch (error) {
        return (error as Error).message
      }
      return null
    }
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toBe(
      'Invalid environment variables:\n  - STRIPE_WEBHOOK_SECRET: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set STRIPE_WEBHOOK_SECRET too, or unset STRIPE_SECRET_KEY to use the built-in self-hosted provider',
    )
    expect(problems({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toContain(
      'STRIPE_SECRET_KEY: Stripe needs both',
    )
    expect(
      problems({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toContain("STRIPE_PRICE_TEAM: Required with Stripe: the id of the plan's monthly price")
    expect(problems({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toContain(
      'STRIPE_SECRET_KEY: Must be a Stripe secret key',
    )
  })

  it('reads the edge settings: body limit, trusted proxies, rate limits', () => {
    const root = fakeRepo()
    const defaults = loadServerEnv({}, root)
    expect(defaults).toMatchObject({
      MAX_BODY_BYTES: 1024 * 1024,
      trustedProxies: [],
      rateLimit: true,
    })
    expect(loadServerEnv({ NODE_ENV: 'test' }, root).rateLimit).toBe(false)
    expect(
      loadServerEnv(
        { MAX_BODY_BYTES: '2048', TRUSTED_PROXIES: '10.0.0.2, ::1', RATE_LIMIT: 'off' },
        root,
      ),
    ).toMatchObject({ MAX_BODY_BYTES: 2048, trustedProxies: ['10.0.0.2', '::1'], rateLimit: false })
    expect(() => loadServerEnv({ TRUSTED_PROXIES: 'proxy.internal' }, root)).toThrow(
      /TRUSTED_PROXIES: "proxy.internal" is not an IP address/,
    )
    expect(() => loadServerEnv({ MAX_BODY_BYTES: '1 MB' }, root)).toThrow(/MAX_BODY_BYTES/)
    expect(() => loadServerEnv({ ...production, RATE_LIMIT: 'off' }, root)).toThrow(
      /RATE_LIMIT: Rate limits can not be turned off in production/,
    )
  })
  it("reads the operator's webhook deny list, and names a bad entry", () => {
    const root = fakeRepo()
    expect(loadServerEnv({}, root).webhooksDenyCidrs).toEqual([])
    expect(
      loadServerEnv({ WEBHOOKS_DENY_CIDRS: '203.0.113.0/24, 2001:DB8::/32,,198.51.100.7 ' }, root)
        .webhooksDenyCidrs,
    ).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32'])
    for (const bad of ['10.0.0.0/33', 'intranet.example', '10.0.0/8']) {
      expect(() => loadServerEnv({ WEBHOOKS_DENY_CIDRS: `10.0.0.0/8, ${bad}` }, root)).toThrow(
        `WEBHOOKS_DENY_CIDRS: "${bad}" is not a CIDR range (e.g. 10.0.0.0/8 or fd00::/8)`,
      )
    }
  })

  it('reads the pooled and the direct database connections, and the pool size', () => {
    const root = fakeRepo()
    expect(
      loadServerEnv(
        {
          DATABASE_URL: 'postgres://u@127.0.0.1:6432/db',
          DATABASE_DIRECT_URL: 'postgres://u@127.0.0.1:5432/db',
          DATABASE_POOL_MAX: '4',
        },
        root,
      ).database,
    ).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:6432/db',
      directUrl: 'postgres://u@127.0.0.1:5432/db',
      poolMax: 4,
    })
    expect(() =>
      loadServerEnv({ DATABASE_DIRECT_URL: 'postgres://u@127.0.0.1:5432/db' }, root),
    ).toThrow(/DATABASE_DIRECT_URL: Only meaningful with a postgres:\/\/ DATABASE_URL/)
    expect(() =>
      loadServerEnv({ DATABASE_URL: 'postgres://u@h/db', DATABASE_DIRECT_URL: 'h:5432' }, root),
    ).toThrow(
      /DATABASE_DIRECT_URL: Must be a postgres:\/\/ URL that reaches PostgreSQL in session mode/,
    )
    expect(() => loadServerEnv({ DATABASE_POOL_MAX: '0' }, root)).toThrow(
      /DATABASE_POOL_MAX: Must be at least 1/,
    )
  })

  it('reads the operations settings: the metrics token and the shutdown delay', () => {
    const root = fakeRepo()
    expect(loadServerEnv({}, root)).toMatchObject({ metricsToken: null, SHUTDOWN_DELAY_SECONDS: 0 })
    const token = 'a'.repeat(24) + '/+=-_.~b' + '0'.repeat(8)
    expect(
      loadServerEnv({ METRICS_TOKEN: token, SHUTDOWN_DELAY_SECONDS: '5' }, root),
    ).toMatchObject({ metricsToken: token, SHUTDOWN_DELAY_SECONDS: 5 })
    expect(() => loadServerEnv({ METRICS_TOKEN: 'short' }, root)).toThrow(
      /METRICS_TOKEN: Must be at least 32 letters/,
    )
    expect(() => loadServerEnv({ SHUTDOWN_DELAY_SECONDS: 'soon' }, root)).toThrow(
      /SHUTDOWN_DELAY_SECONDS: Must be a number of seconds/,
    )
  })

  it('reads a CDN purge configuration only when complete, and never prints its token', () => {
    const root = fakeRepo()
    expect(loadServerEnv({}, root).cdnPurge).toBeNull()
    expect(
      loadServerEnv(
        {
          CDN_PURGE_PROVIDER: 'fastly',
          CDN_PURGE_TOKEN: 'tok-secret',
          CDN_PURGE_ZONE: 'SU1Z0isxPaozGVKXdv0eY',
        },
        root,
      ).cdnPurge,
    ).toEqual({
      provider: 'fastly',
      token: 'tok-secret',
      zone: 'SU1Z0isxPaozGVKXdv0eY',
      apiUrl: null,
    })
    let message = ''
    try {
      loadServerEnv({ CDN_PURGE_PROVIDER: 'cloudflare', CDN_PURGE_TOKEN: 'tok-secret' }, root)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(
      /CDN_PURGE_ZONE: CDN purge needs CDN_PURGE_PROVIDER, CDN_PURGE_TOKEN and CDN_PURGE_ZONE/,
    )
    expect(message).not.toContain('tok-secret')
    expect(() => loadServerEnv({ CDN_PURGE_PROVIDER: 'akamai' }, root)).toThrow(
      /CDN_PURGE_PROVIDER: Use cloudflare, fastly or bunny/,
    )
  })
})
