import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createEnv, InvalidEnvError, publicEnvSchema } from './env.ts'

const valid = {
  VITE_METADATA_DSN: 'dsn_acme',
  VITE_ANALYTICS_HOST: 'https://analytics.acme.com',
  VITE_ANALYTICS_KEY: 'key_1',
}

function issuesOf(runtimeEnv: Record<string, string | boolean | undefined>) {
  try {
    createEnv({ schema: publicEnvSchema, runtimeEnv })
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvError)
    expect((error as InvalidEnvError).message).toBe('Invalid environment variables')
    expect((error as InvalidEnvError).name).toBe('InvalidEnvError')
    return (error as InvalidEnvError).issues.map((issue) => issue.path)
  }
  return []
}

describe('createEnv with publicEnvSchema', () => {
  it('returns the three variables and ignores the others', () => {
    expect(
      createEnv({ schema: publicEnvSchema, runtimeEnv: { ...valid, DEV: true, PATH: '/bin' } }),
    ).toEqual(valid)
  })

  it.each<[string, Record<string, string | boolean | undefined>, string[]]>([
    ['nothing set', {}, ['VITE_METADATA_DSN', 'VITE_ANALYTICS_HOST', 'VITE_ANALYTICS_KEY']],
    ['an empty DSN', { ...valid, VITE_METADATA_DSN: '' }, ['VITE_METADATA_DSN']],
    ['an undefined key', { ...valid, VITE_ANALYTICS_KEY: undefined }, ['VITE_ANALYTICS_KEY']],
    [
      'a host that is not a URL',
      { ...valid, VITE_ANALYTICS_HOST: 'analytics.acme.com' },
      ['VITE_ANALYTICS_HOST'],
    ],
    ['an empty host', { ...valid, VITE_ANALYTICS_HOST: '' }, ['VITE_ANALYTICS_HOST']],
    [
      'a boolean where a string belongs',
      { ...valid, VITE_ANALYTICS_KEY: true },
      ['VITE_ANALYTICS_KEY'],
    ],
  ])('throws "Invalid environment variables" naming the fields for %s', (_, runtimeEnv, fields) => {
    expect(issuesOf(runtimeEnv)).toEqual(fields)
  })
})

describe('createEnv with an app schema', () => {
  it('treats empty strings as missing, so defaults and optionals apply', () => {
    const schema = z.object({ PORT: z.coerce.number().default(3000), NAME: z.string().optional() })
    expect(createEnv({ schema, runtimeEnv: { PORT: '', NAME: '' } })).toEqual({ PORT: 3000 })
  })

  it('joins nested issue paths with dots', () => {
    const schema = z.object({ DB: z.object({ URL: z.string() }) })
    try {
      createEnv({ schema, runtimeEnv: { DB: 'x' } })
      expect.unreachable()
    } catch (error) {
      expect((error as InvalidEnvError).issues).toEqual([
        { path: 'DB', message: expect.any(String) },
      ])
    }
    const nested = z.object({ A: z.string() }).transform((value, ctx) => {
      ctx.addIssue({ code: 'custom', path: ['A', 'inner'], message: 'nested' })
      return value
    })
    expect(() => createEnv({ schema: nested, runtimeEnv: { A: 'x' } })).toThrow(
      expect.objectContaining({ issues: [{ path: 'A.inner', message: 'nested' }] }),
    )
  })
})
