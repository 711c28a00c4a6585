import { normalizePath } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { describe, expect, it } from 'vitest'
import { readCorpus } from '../../test/corpus.ts'
import { organizationCast } from '../../test/organization.ts'
import { createFixtureSite, saveFixtureRevision } from '../../test/public-api-fixtures.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'

// The shared corpus of hostile inputs: every path is served (200) or refused (400), never a 500;
// every key name is stored and shown back exactly, or refused with a 4xx.

const corpus = readCorpus

const server = usePublicApiTestServer()

describe('the hostile corpus', () => {
  it('serves each page path of the corpus from the page the dashboard would store it as, or answers 400', async () => {
    const inputs = corpus('page-paths.json').inputs as string[]
    const db = server.current.app.headmark.db
    const site = await createFixtureSite(db)
    const stored = new Map<string, string>()
    for (const input of inputs) {
      const normalized = normalizePath(input)
      if (!normalized.ok || normalized.path.length > 2048 || stored.has(normalized.path)) continue
      stored.set(
        normalized.path,
        await saveFixtureRevision(db, site.id, normalized.path, { title: 'stored' }),
      )
    }
    for (const input of inputs) {
      const response = await rawRequest(server.current.origin, getLatestTarget(site.dsn, input))
      const normalized = normalizePath(input)
      if (!normalized.ok || input.length > 2048) {
        expect([input, response.status]).toEqual([input, 400])
        continue
      }
      expect([input, response.status]).toEqual([input, 200])
      const body = JSON.parse(response.body.toString()) as { metadataRevisionId?: string }
      expect([input, body.metadataRevisionId]).toEqual([input, stored.get(normalized.path)])
    }
  })

  it('stores and shows back every hostile key name exactly, or refuses it with BAD_REQUEST', async () => {
    const strings = corpus('hostile-strings.json')
    const names = [
      ...(strings.markup as string[]),
      ...(strings.urls as string[]),
      ...(strings.control_and_unicode as string[]),
      ...(strings.json_and_sql as string[]),
      ...(strings.lengths as { values: number[] }).values.map((n) => 'a'.repeat(n)),
    ]
    const { owner, organization } = await organizationCast(server.current.app)
    await createFixtureSite(server.current.app.headmark.db, {
      organizationId: organization.id,
      hostname: 'acme.example',
    })
    const site = { organizationSlug: 'acme', siteHostname: 'acme.example' }
    for (const name of names) {
      const created = await owner.rpc.siteApiKeys
        .create({ ...site, name })
        .catch((error: unknown) => error)
      if (created instanceof ORPCError) {
        // A name past the server's 1 MiB body limit is refused at the edge, before validation.
        const expected = name.length > 1_000_000 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST'
        expect([name.slice(0, 40), created.code]).toEqual([name.slice(0, 40), expected])
        expect(name.includes('\u0000') || name.startsWith('\ufeff') || name.length > 100).toBe(true)
        continue
      }
      const { apiKey } = created as { apiKey: { id: string; name: string } }
      expect(apiKey.name).toBe(name)
      expect((await owner.rpc.siteApiKeys.list(site)).map((key) => key.name)).toEqual([name])
      await owner.rpc.siteApiKeys.revoke({ ...site, apiKeyId: apiKey.id })
    }
  })
})
