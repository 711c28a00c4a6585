/** Code shown on the marketing pages; kept in one place so the guide and the home page agree. */

export const installSnippet = 'npm install @headmark/metadata'

export const tanstackSnippet = `// src/routes/pricing.tsx
import { createMetadataClient } from '@headmark/metadata/client'
import { createHead } from '@headmark/metadata/tanstack-start'

const metadataClient = createMetadataClient({
  dsn: process.env.HEADMARK_DSN,
  baseUrl: 'https://headmark.example.com/api/openapi',
})

export const Route = createFileRoute('/pricing')({
  head: createHead({ client: metadataClient, fallback: { title: 'Pricing' } }),
})`

export const nextClientSnippet = `// headmark.ts — one client per server process
import 'server-only'
import { createMetadataClient, type MetadataClient } from '@headmark/metadata/client'

// Next bundles route handlers and pages separately: on globalThis, the webhook route and the
// pages share one client (and one cache) instead of one copy each.
const shared = globalThis as { [key: symbol]: MetadataClient | undefined }

export const metadataClient = (shared[Symbol.for('headmark.metadataClient')] ??=
  createMetadataClient({
    dsn: process.env.HEADMARK_DSN,
    baseUrl: process.env.HEADMARK_URL, // https://<your Headmark>/api/openapi
    apiKey: process.env.HEADMARK_API_KEY, // only if the site requires a key
  }))`

export const nextPageSnippet = `// app/blog/[slug]/page.tsx
import { createGenerateMetadata } from '@headmark/metadata/next'
import { metadataClient } from '@/headmark'

export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: async ({ params }: { params: Promise<{ slug: string }> }) =>
    \`/blog/\${(await params).slug}\`,
  fallback: { title: 'Acme blog', description: 'Notes from the Acme team.' },
})

export default async function BlogPost({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  return <article>{/* … */}</article>
}`

export const nextLayoutSnippet = `// app/layout.tsx — site-wide defaults every page inherits
import type { Metadata } from 'next'

export const metadata: Metadata = {
  metadataBase: new URL('https://acme.example'),
  title: { default: 'Acme', template: '%s — Acme' },
}`

export const nextRootPageSnippet = `// app/page.tsx — the home page is the path "/"
import { createGenerateMetadata } from '@headmark/metadata/next'
import { metadataClient } from '@/headmark'

export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: () => '/',
  fallback: { title: 'Acme' },
})`

export const nextWebhookSnippet = `// app/api/headmark/route.ts — fresh tags as soon as an editor saves
import { revalidatePath } from 'next/cache'
import { createWebhookHandler } from '@headmark/metadata/webhooks'
import { metadataClient } from '@/headmark'

export const POST = createWebhookHandler({
  secret: process.env.HEADMARK_WEBHOOK_SECRET,
  client: metadataClient, // drops the changed path from the client's cache
  onEvent: async (payload) => {
    if (payload._type === 'metadata_update') revalidatePath(payload.path ?? '/', 'layout')
  },
})`

export const nextEnvSnippet = `# .env.local
HEADMARK_DSN=<the site's DSN, from its settings in Headmark>
HEADMARK_URL=https://<your Headmark>/api/openapi
HEADMARK_API_KEY=<only if the site requires a key>
HEADMARK_WEBHOOK_SECRET=<the webhook's secret, shown when you create it>`
