import { describe, expectTypeOf, it } from 'vitest'
import { createEnv, type PublicEnv, publicEnvSchema } from './env.ts'
import { renderHead } from './html.ts'
import {
  createMetadataClient,
  createWebhookHandler,
  type GetLatestResponse,
  type HeadTag,
  isMetadata,
  type Metadata,
  type MetadataRequestOptions,
  mergeHead,
  normalizePath,
  type OpenGraphType,
  signWebhook,
  toHeadTags,
  verifyWebhook,
  type WebhookPayload,
  type WebhookVerificationError,
  type WebhookVerificationReason,
} from './index.ts'
import { createGenerateMetadata, type NextMetadata } from './next.ts'
import { createHead, createRootHead, type TanStackHead } from './tanstack-start.ts'

describe('public API types', () => {
  it('normalizePath narrows on ok', () => {
    const result = normalizePath('/a')
    if (result.ok) expectTypeOf(result.path).toEqualTypeOf<string>()
    else expectTypeOf(result.error).toEqualTypeOf<'malformed-escape' | 'not-a-string'>()
  })

  it('the client resolves to a response or null and takes string | null to invalidate', () => {
    const client = createMetadataClient({ dsn: undefined, baseUrl: undefined })
    expectTypeOf(client.get('/a')).resolves.toEqualTypeOf<GetLatestResponse | null>()
    expectTypeOf(client.invalidate).parameter(0).toEqualTypeOf<string | null>()
    // @ts-expect-error the DSN must be given, even if undefined
    createMetadataClient({ baseUrl: undefined })
    // @ts-expect-error so must the base URL: there is no default host
    createMetadataClient({ dsn: 'dsn_acme' })
    expectTypeOf(client.get).parameter(1).toEqualTypeOf<MetadataRequestOptions | undefined>()
  })

  it('head tags are a discriminated union', () => {
    expectTypeOf(toHeadTags({})).toEqualTypeOf<HeadTag[]>()
    expectTypeOf(mergeHead).returns.toEqualTypeOf<HeadTag[]>()
    expectTypeOf(renderHead).returns.toBeString()
    const tag = {} as HeadTag
    if (tag.tag === 'title') expectTypeOf(tag.children).toBeString()
    else expectTypeOf(tag.attrs).toEqualTypeOf<Readonly<Record<string, string>>>()
    // @ts-expect-error a title has children, not attrs
    const bad: HeadTag = { tag: 'title', attrs: {} }
    void bad
  })

  it('guards narrow unknown input', () => {
    const value: unknown = {}
    if (isMetadata(value)) expectTypeOf(value).toEqualTypeOf<Metadata>()
    expectTypeOf<NonNullable<Metadata['openGraph']>['type']>().toEqualTypeOf<
      OpenGraphType | undefined
    >()
  })

  it('signed headers can be passed to fetch as they are', async () => {
    const plain = await signWebhook('{}', { secret: 's' })
    expectTypeOf(plain).toExtend<HeadersInit>()
    expectTypeOf(plain).toEqualTypeOf<{
      'x-webhook-timestamp': string
      'x-webhook-signature': string
    }>()
    const both = await signWebhook('{}', { secret: 's', id: 'msg_1' })
    expectTypeOf(both).toExtend<HeadersInit>()
    expectTypeOf(both['webhook-signature']).toBeString()
  })

  it('verification is typed, and so is its error', () => {
    expectTypeOf(
      verifyWebhook('{}', new Headers(), { secret: ['a', 'b'] }),
    ).resolves.toEqualTypeOf<{ scheme: 'headmark' | 'standard'; timestamp: number; id?: string }>()
    expectTypeOf<WebhookVerificationError['reason']>().toEqualTypeOf<WebhookVerificationReason>()
  })

  it('the webhook handler is a Web-standard request handler', () => {
    const handler = createWebhookHandler({
      secret: undefined,
      onEvent: (payload) => {
        expectTypeOf(payload).toEqualTypeOf<WebhookPayload>()
        if (payload._type === 'metadata_update') {
          expectTypeOf(payload.path).toEqualTypeOf<string | null>()
          expectTypeOf(payload.locale).toEqualTypeOf<string | undefined>()
        }
      },
    })
    expectTypeOf(handler).toEqualTypeOf<(request: Request) => Promise<Response>>()
  })

  it('adapters infer their context and props', () => {
    const head = createHead({
      metadata: (ctx: { loaderData: { metadata: Metadata } }) => ctx.loaderData.metadata,
    })
    expectTypeOf(head).parameter(0).toEqualTypeOf<{ loaderData: { metadata: Metadata } }>()
    expectTypeOf(head).returns.resolves.toEqualTypeOf<TanStackHead>()
    expectTypeOf(createRootHead({})).returns.toEqualTypeOf<TanStackHead>()
    const generate = createGenerateMetadata({
      client: createMetadataClient({ dsn: undefined, baseUrl: undefined }),
      path: async ({ params }: { params: Promise<{ slug: string }> }) => (await params).slug,
    })
    expectTypeOf(generate).parameter(0).toEqualTypeOf<{ params: Promise<{ slug: string }> }>()
    expectTypeOf(generate).returns.resolves.toEqualTypeOf<NextMetadata>()
    expectTypeOf<TanStackHead['meta'][number]>().toEqualTypeOf<Record<string, string>>()
  })

  it('createEnv returns the schema output', () => {
    expectTypeOf(createEnv({ schema: publicEnvSchema, runtimeEnv: {} })).toEqualTypeOf<PublicEnv>()
    expectTypeOf<PublicEnv>().toEqualTypeOf<{
      VITE_METADATA_DSN: string
      VITE_ANALYTICS_HOST: string
      VITE_ANALYTICS_KEY: string
    }>()
  })
})
