import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import type { MetadataDriftPayload } from '../health/alerts.ts'
import {
  createFixtureApiKey,
  createFixtureSite,
  saveFixtureRevision,
} from '../../test/public-api-fixtures.ts'
import {
  getLatestTarget,
  type RawResponse,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'

const server = usePublicApiTestServer()

type Operation = {
  responses: Record<
    string,
    { headers?: Record<string, { required?: boolean }>; content?: Record<string, unknown> }
  >
}

describe('/api/openapi/spec.json', () => {
  it('is an OpenAPI 3.1 document, and every answer of the fast handler matches it', async () => {
    const specResponse = await rawRequest(server.current.origin, '/api/openapi/spec.json')
    expect(specResponse.status).toBe(200)
    const document = JSON.parse(specResponse.body.toString()) as {
      openapi: string
      paths: Record<string, { get: Operation }>
    }
    expect(document.openapi).toMatch(/^3\.1\./)
    const operation = document.paths['/v1/{dsn}/metadata/get-latest']?.get
    expect(operation).toBeDefined()

    const ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addSchema({ ...document, $id: 'openapi' })
    const pointer = (status: string) =>
      `openapi#/paths/~1v1~1{dsn}~1metadata~1get-latest/get/responses/${status}/content/application~1json/schema`

    const check = (response: RawResponse) => {
      const declared = operation?.responses[String(response.status)]
      expect(declared, `status ${response.status} is declared`).toBeDefined()
      for (const [name, header] of Object.entries(declared?.headers ?? {})) {
        if (header.required) expect(response.headers[name], name).toBeDefined()
      }
      if (response.status === 304) return
      const validate = ajv.getSchema(pointer(String(response.status)))
      expect(validate).toBeDefined()
      const body: unknown = JSON.parse(response.body.toString())
      expect(validate?.(body), JSON.stringify(validate?.errors)).toBe(true)
    }

    const site = await createFixtureSite(server.current.app.headmark.db, {
      titleTemplate: '%s | Acme',
    })
    const db = server.current.app.headmark.db
    await saveFixtureRevision(db, site.id, null, {
      title: 'Acme',
      noindex: true,
      icon: [{ url: '/favicon.png', width: 32, height: 32, mimeType: 'image/png' }],
      customTags: [{ name: 'theme-color', content: '#112233' }],
    })
    await saveFixtureRevision(db, site.id, '/full', {
      title: 'Everything',
      description: 'Every field',
      openGraph: {
        title: 'OG',
        type: 'article',
        url: 'https://acme.example/full',
        determiner: '',
        localeAlternate: ['fr_FR'],
        images: [
          { url: 'https://acme.example/a.png', width: 1200, height: 630, mimeType: 'image/png' },
        ],
      },
      twitter: { card: 'summary_large_image', title: 'X' },
    })
    const locked = await createFixtureSite(db, { requireApiKey: true })
    await createFixtureApiKey(db, locked.id)

    const origin = server.current.origin
    const full = await rawRequest(origin, getLatestTarget(site.dsn, '/full'))
    const answers = [
      full,
      await rawRequest(origin, getLatestTarget(site.dsn, '/unknown')),
      await rawRequest(origin, getLatestTarget(locked.dsn, '/')),
      await rawRequest(origin, getLatestTarget(site.dsn, '/full'), {
        headers: { 'if-none-match': full.headers.etag as string },
      }),
      await rawRequest(origin, getLatestTarget('nope', '/')),
      await rawRequest(origin, `/api/openapi/v1/${site.dsn}/metadata/get-latest?path=/%E0%A4%A`),
      await rawRequest(origin, getLatestTarget(site.dsn, '/'), { method: 'DELETE' }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 304, 404, 400, 405])
    for (const answer of answers) check(answer)

    // The schema is strict enough to catch what the contract forbids.
    const ok = ajv.getSchema(pointer('200'))
    expect(ok?.({ metadata: { title: null } })).toBe(false)
    expect(ok?.({ metadata: { unknownField: 'x' } })).toBe(false)
    expect(ok?.({ metadata: {}, metadataRevisionId: 1 })).toBe(false)
  })

  it('documents the webhook events, metadata_drift included (with each entry’s locale)', async () => {
    const specResponse = await rawRequest(server.current.origin, '/api/openapi/spec.json')
    const document = JSON.parse(specResponse.body.toString()) as {
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: object }> } } }
      >
    }
    expect(Object.keys(document.webhooks)).toEqual(['metadata_update', 'metadata_drift'])
    const schema =
      document.webhooks.metadata_drift?.post.requestBody.content['application/json']?.schema
    const valid = new Ajv2020({ strict: false }).compile(schema as object)
    const payload: MetadataDriftPayload = {
      _type: 'metadata_drift',
      site: { hostname: 'acme.com', dsn: 'https://key@headmark.example/acme' },
      checkId: 'c1',
      started: [{ path: '/pricing', agents: ['X'], findings: ['The title is not Headmark’s.'] }],
      stopped: [{ path: '/about' }],
      timestamp: new Date().toISOString(),
    }
    expect(valid(payload)).toBe(true)
    expect(valid({ ...payload, started: [{ path: '/pricing' }] })).toBe(false)
    // On a site with locales each entry names its language version.
    const german = {
      ...payload,
      started: [{ path: '/pricing', locale: 'de', agents: ['X'], findings: [] }],
      stopped: [{ path: '/about', locale: 'en' }],
    }
    expect(valid(german)).toBe(true)
    expect(valid({ ...german, stopped: [{ path: '/about', locale: 7 }] })).toBe(false)
  })
})
