import { afterEach, describe, expect, it } from 'vitest'
import { startFakeCdnApi, type FakeCdnApi } from '../../test/cdn-api.ts'
import { createPurgeClient, PurgeFailedError } from './cdn-providers.ts'

const TOKEN = 'purge-token-secret-1234'
const loopback = { allowLoopback: true, requireHttps: false, denyCidrs: [] }
let api: FakeCdnApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const cases = [
  {
    provider: 'cloudflare' as const,
    zone: '023e105f4ecef8ad9ca31a8372d0c353',
    limit: 100,
    path: '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache',
    auth: ['authorization', `Bearer ${TOKEN}`],
    body: (tags: string[]) => JSON.stringify({ tags }),
  },
  {
    provider: 'fastly' as const,
    zone: 'SU1Z0isxPaozGVKXdv0eY',
    limit: 256,
    path: '/service/SU1Z0isxPaozGVKXdv0eY/purge',
    auth: ['fastly-key', TOKEN],
    body: () => '',
  },
  {
    provider: 'bunny' as const,
    zone: '12345',
    limit: 1,
    path: '/pullzone/12345/purgeCache',
    auth: ['accesskey', TOKEN],
    body: (tags: string[]) => JSON.stringify({ CacheTag: tags[0] }),
  },
]

describe.each(cases)('$provider purge API', ({ provider, zone, limit, path, auth, body }) => {
  it('purges tags with the documented request, within the documented per-call limit', async () => {
    api = await startFakeCdnApi(provider)
    const client = createPurgeClient({ provider, token: TOKEN, zone, apiUrl: api.origin }, loopback)
    expect(client.maxTagsPerCall).toBe(limit)
    const tags = ['hm-s-aaaa', 'hm-p-bbbb'].slice(0, limit)
    await client.purge(tags)
    expect(api.requests).toHaveLength(1)
    const [request] = api.requests
    expect(request).toMatchObject({ method: 'POST', path, body: body(tags), tags })
    expect(request?.headers[auth[0] as string]).toBe(auth[1])
  })

  it('reports a refusal with its status and never the token', async () => {
    api = await startFakeCdnApi(provider)
    api.status = 429
    const client = createPurgeClient({ provider, token: TOKEN, zone, apiUrl: api.origin }, loopback)
    const error = await client.purge(['hm-s-aaaa']).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PurgeFailedError)
    expect((error as PurgeFailedError).status).toBe(429)
    expect((error as Error).message).toContain('429')
    expect((error as Error).message).not.toContain(TOKEN)
  })

  it('goes through the outbound guard: a loopback API is refused unless the operator allows it', async () => {
    api = await startFakeCdnApi(provider)
    const client = createPurgeClient(
      { provider, token: TOKEN, zone, apiUrl: api.origin },
      { ...loopback, allowLoopback: false },
    )
    await expect(client.purge(['hm-s-aaaa'])).rejects.toThrow(/loopback/)
    const https = createPurgeClient(
      { provider, token: TOKEN, zone, apiUrl: api.origin },
      { ...loopback, requireHttps: true },
    )
    await expect(https.purge(['hm-s-aaaa'])).rejects.toThrow(/https/)
    expect(api.requests).toHaveLength(0)
  })
})
