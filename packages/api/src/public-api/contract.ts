import { oc } from '@orpc/contract'
import { OpenAPIGenerator } from '@orpc/openapi'
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4'
import { z } from 'zod'
import { metadataSchema } from '../domain/metadata-schema.ts'
import { PUBLIC_CACHE_CONTROL } from './answer.ts'
import { MAX_PATH_LENGTH } from './handler.ts'

const example = {
  metadata: {
    title: 'Pricing · Acme',
    description: 'Plans for teams of every size.',
    openGraph: {
      type: 'website',
      image: {
        url: 'https://acme.example/og/pricing.png',
        width: 1200,
        height: 630,
        mimeType: 'image/png',
      },
    },
    twitter: { card: 'summary_large_image' },
  },
  metadataRevisionId: 'rev_8Jc2kq0Zs1',
}

const getLatestResponse = z
  .object({
    metadata: metadataSchema.describe(
      'What the path serves: the site’s defaults overlaid by the page’s current revision, with the site’s title template applied. Unset fields are omitted (never null); `noindex` is present only when true.',
    ),
    metadataRevisionId: z
      .string()
      .optional()
      .describe(
        'The revision that was served: the page’s, or the defaults’ when the page has none. Absent when nothing was ever saved.',
      ),
  })
  .meta({ examples: [example, { metadata: {} }] })

const cachingHeaders = z.object({
  etag: z.string().describe('Weak validator of the body; send it back as If-None-Match.'),
  'cache-control': z
    .string()
    .describe(
      `\`${PUBLIC_CACHE_CONTROL}\` for public sites; \`private, no-cache\` for sites that require a key.`,
    ),
})

/**
 * The public metadata API as an oRPC contract: the OpenAPI document is generated from it. The
 * route itself is answered by the fast handler in `handler.ts`, whose answers a test checks
 * against this document.
 */
export const publicApiContract = {
  metadata: {
    getLatest: oc
      .route({
        method: 'GET',
        path: '/v1/{dsn}/metadata/get-latest',
        operationId: 'metadata.getLatest',
        tags: ['Metadata'],
        summary: 'The latest metadata of a page',
        description: [
          'What a page of the site serves: title, description, canonical URL, robots directives, language versions (hreflang), structured data (JSON-LD), Open Graph and X cards, icons and custom tags. Fields are only ever added: a client ignores the ones it does not know.',
          'Customer sites call it while rendering pages (the `@headmark/metadata` client caches and revalidates with `If-None-Match`).',
          '',
          'The path is normalised before lookup: the query string and hash are dropped, empty and `.` segments removed (`//a/` is `/a`), `..` resolved, each segment percent-decoded and put in Unicode NFC. A path without a page answers the site’s defaults (`{ "metadata": {} }` when there are none).',
          '',
          'Languages: on a site that declares locales, `locale` picks the language version (without it, the default locale’s). A locale without metadata of its own inherits the default locale’s fields. `alternates` is then generated from the site’s locales: the same cluster on every language version of the page, itself and `x-default` included; a version without metadata of its own, or noindex, serves no `alternates`. A site without locales answers exactly the same whatever `locale` says.',
          '',
          'CORS: `Access-Control-Allow-Origin: *` (the DSN is public). Responses are compressed (br, gzip) when the client accepts it and the body is 1 KiB or more.',
        ].join('\n'),
        inputStructure: 'detailed',
        outputStructure: 'detailed',
      })
      .errors({
        BAD_REQUEST: {
          message:
            'The path is missing, longer than 2048 characters, or has a malformed percent escape; or the locale is not one of the site’s.',
        },
        UNAUTHORIZED: {
          message:
            'The site requires an API key and the request had none, or a wrong or revoked one.',
        },
        NOT_FOUND: { message: 'No site has this DSN.' },
        METHOD_NOT_SUPPORTED: { message: 'Only GET, HEAD and OPTIONS are supported.' },
      })
      .input(
        z.object({
          params: z.object({
            dsn: z.string().describe('The site’s DSN, from its install page (public).'),
          }),
          query: z.object({
            path: z
              .string()
              .max(MAX_PATH_LENGTH)
              .describe('The page path, URL-encoded, e.g. `/pricing` or `/blog/hello`.')
              .meta({ examples: ['/pricing'] }),
            locale: z
              .string()
              .max(64)
              .optional()
              .describe(
                'On a site with locales, the language version to read (`de`, `fr-CA`, any case); absent or the default locale: the default locale’s. Ignored by sites without locales.',
              )
              .meta({ examples: ['de'] }),
          }),
          headers: z.object({
            authorization: z
              .string()
              .optional()
              .describe(
                '`Bearer <key>`: required when the site is set to require an API key; ignored otherwise.',
              ),
            'if-none-match': z
              .string()
              .optional()
              .describe('The ETag of a previous answer: 304 when it has not changed.'),
          }),
        }),
      )
      .output(
        z.union([
          z.object({
            status: z.literal(200).describe('The served metadata.'),
            headers: cachingHeaders,
            body: getLatestResponse,
          }),
          z.object({
            status: z.literal(304).describe('Not modified since the ETag in If-None-Match.'),
            headers: cachingHeaders,
          }),
        ]),
      ),
  },
}

/** The OpenAPI 3.1 document of the public API, as served at `/api/openapi/spec.json`. */
export async function generatePublicApiDocument(): Promise<Record<string, unknown>> {
  const generator = new OpenAPIGenerator({ schemaConverters: [new ZodToJsonSchemaConverter()] })
  const document = await generator.generate(publicApiContract, {
    info: {
      title: 'Headmark metadata API',
      version: '1.0.0',
      description:
        'The public API customer websites call to get the metadata of their pages. Base URL: `<Headmark origin>/api/openapi`.',
    },
    servers: [{ url: '/api/openapi' }],
  })
  return { ...document, webhooks: WEBHOOK_EVENTS } as unknown as Record<string, unknown>
}

const localeOfEntry = {
  type: 'string',
  description:
    'On a site with locales, the language version concerned (its code, the default locale’s included): each version is an entry of its own. Absent on a site without locales.',
}

const finding = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The page path, e.g. `/pricing`.' },
    locale: localeOfEntry,
    agents: {
      type: 'array',
      items: { type: 'string' },
      description:
        'The crawlers that get something else: Googlebot, Bingbot, Facebook, X, LinkedIn, Slack, Discord, Browser.',
    },
    findings: {
      type: 'array',
      items: { type: 'string' },
      description: 'What differs, in words (up to 5).',
    },
  },
  required: ['path', 'agents', 'findings'],
}

/**
 * The events webhooks receive (OpenAPI 3.1 `webhooks`), each a signed `POST` (Standard
 * Webhooks headers). Event types are only ever added: a receiver acknowledges the ones it does
 * not know with 200 (the SDK's `createWebhookHandler` does).
 */
const WEBHOOK_EVENTS = {
  metadata_update: {
    post: {
      summary: 'A path’s metadata changed',
      description:
        'A saved or restored revision, a change set, or a path rule. `path` is null when every path may have changed.',
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                _type: { const: 'metadata_update' },
                path: { type: ['string', 'null'] },
                metadataRevisionId: { type: 'string' },
                metadata: { type: 'object', description: 'What the path now serves.' },
                site: {
                  type: 'object',
                  properties: { hostname: { type: 'string' }, dsn: { type: 'string' } },
                },
                timestamp: { type: 'string', format: 'date-time' },
                locale: {
                  type: 'string',
                  description:
                    'On a site with locales, the locale whose metadata was saved (absent for the default locale’s). Every locale’s `alternates` of the path may have changed with it.',
                },
              },
              required: ['_type', 'path', 'metadataRevisionId', 'metadata', 'site', 'timestamp'],
            },
          },
        },
      },
      responses: { '200': { description: 'Received.' } },
    },
  },
  metadata_drift: {
    post: {
      summary: 'Pages started or stopped serving crawlers something other than their metadata',
      description:
        'Sent once per drift check of the site that found a change: pages that started drifting (with the crawlers concerned) and pages that serve their metadata again.',
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                _type: { const: 'metadata_drift' },
                site: {
                  type: 'object',
                  properties: { hostname: { type: 'string' }, dsn: { type: 'string' } },
                },
                checkId: { type: 'string' },
                started: { type: 'array', items: finding },
                stopped: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { path: { type: 'string' }, locale: localeOfEntry },
                  },
                },
                timestamp: { type: 'string', format: 'date-time' },
              },
              required: ['_type', 'site', 'checkId', 'started', 'stopped', 'timestamp'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'Received (a receiver that does not know the type answers 200 too).',
        },
      },
    },
  },
}
