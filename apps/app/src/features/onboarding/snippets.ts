/**
 * The install step's code: for each way of serving a site, the files that put its Headmark
 * metadata into the pages' `<head>` with `@headmark/metadata` and receive its webhooks. The
 * site's own values (DSN, API address, a key just created) go in the environment file; the code
 * reads them from there, so it can be committed as it is.
 */

export interface InstallValues {
  /** The site's DSN (public: it identifies the site). */
  dsn: string
  /** This Headmark's public metadata API, e.g. `https://headmark.example/api/openapi`. */
  apiUrl: string
  /** An API key created a moment ago (shown once); without one the file says where to get it. */
  apiKey?: string | null | undefined
}

export interface SnippetFile {
  /** The file's name, or "Terminal". */
  label: string
  language: 'sh' | 'ts' | 'tsx'
  code: string
}

export type FrameworkId = 'nextjs' | 'tanstack-start' | 'fetch'

export interface FrameworkSnippets {
  id: FrameworkId
  name: string
  /** One sentence on where the files go. */
  intro: string
  files: SnippetFile[]
}

const install: SnippetFile = {
  label: 'Terminal',
  language: 'sh',
  code: 'npm install @headmark/metadata',
}

/** The environment file, with the site's real values. */
export function envFile(values: InstallValues): string {
  const key = values.apiKey
    ? `HEADMARK_API_KEY=${values.apiKey}`
    : '# HEADMARK_API_KEY=  only if the site requires a key: create one in the site’s settings'
  return [
    `HEADMARK_DSN=${values.dsn}`,
    `HEADMARK_URL=${values.apiUrl}`,
    key,
    '# The secret of the site’s webhook, shown when you create it in Headmark',
    'HEADMARK_WEBHOOK_SECRET=',
  ].join('\n')
}

const clientFile = (name: string): SnippetFile => ({
  label: name,
  language: 'ts',
  code: `// One client per server process: its cache serves every request
import { createMetadataClient } from '@headmark/metadata/client'

export const metadataClient = createMetadataClient({
  dsn: process.env.HEADMARK_DSN,
  baseUrl: process.env.HEADMARK_URL,
  apiKey: process.env.HEADMARK_API_KEY, // only if the site requires a key
})`,
})

/**
 * Next bundles route handlers and pages separately, so a module-level client would be two
 * clients with two caches: the webhook route would refresh the one the pages never read.
 */
const nextClientFile: SnippetFile = {
  label: 'lib/headmark.ts',
  language: 'ts',
  code: `// One client per server process, shared by the pages and the webhook route
import 'server-only'
import { createMetadataClient, type MetadataClient } from '@headmark/metadata/client'

const shared = globalThis as { [key: symbol]: MetadataClient | undefined }

export const metadataClient = (shared[Symbol.for('headmark.metadataClient')] ??=
  createMetadataClient({
    dsn: process.env.HEADMARK_DSN,
    baseUrl: process.env.HEADMARK_URL,
    apiKey: process.env.HEADMARK_API_KEY, // only if the site requires a key
  }))`,
}

function nextjs(values: InstallValues): FrameworkSnippets {
  return {
    id: 'nextjs',
    name: 'Next.js',
    intro: 'For the App Router (Next.js 14 or later). The key stays on the server.',
    files: [
      install,
      { label: '.env.local', language: 'sh', code: envFile(values) },
      nextClientFile,
      {
        label: 'app/layout.tsx',
        language: 'tsx',
        code: `// Site-wide defaults every page inherits
import { createRootMetadata } from '@headmark/metadata/next'

export const metadata = createRootMetadata({
  fallback: { title: { default: 'My site', template: '%s | My site' } },
})`,
      },
      {
        label: 'app/page.tsx',
        language: 'tsx',
        code: `// Each page: Headmark's metadata for its path, over the page's own fallback
import { createGenerateMetadata } from '@headmark/metadata/next'
import { metadataClient } from '@/lib/headmark'

export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: () => '/',
  fallback: { title: 'Home' },
})

export default function Home() {
  return <main>…</main>
}`,
      },
      {
        label: 'app/api/headmark/route.ts',
        language: 'ts',
        code: `// The webhook receiver: a saved page is refreshed at once
import { createWebhookRoute } from '@headmark/metadata/next'
import { revalidatePath } from 'next/cache'
import { metadataClient } from '@/lib/headmark'

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = createWebhookRoute({
  secret: process.env.HEADMARK_WEBHOOK_SECRET,
  client: metadataClient, // drops the changed path from the client's cache
  revalidatePath, // and revalidates the page (the site's defaults: every page)
})`,
      },
    ],
  }
}

function tanstackStart(values: InstallValues): FrameworkSnippets {
  return {
    id: 'tanstack-start',
    name: 'TanStack Start',
    intro:
      'The client runs only inside a server function, so the key never reaches the browser bundle.',
    files: [
      install,
      { label: '.env', language: 'sh', code: envFile(values) },
      clientFile('src/headmark.ts'),
      {
        label: 'src/headmark.functions.ts',
        language: 'ts',
        code: `// The bridge: runs on the server, callable from any route's head
import { loadMetadata, metadataPath } from '@headmark/metadata/tanstack-start'
import { createServerFn } from '@tanstack/react-start'
import { metadataClient } from './headmark.ts'

export const getPageMetadata = createServerFn({ method: 'GET' })
  .validator(metadataPath)
  .handler(({ data }) => loadMetadata(metadataClient, data))`,
      },
      {
        label: 'src/routes/index.tsx',
        language: 'tsx',
        code: `// Each page: Headmark's metadata for its path, over the page's own fallback
import { createHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute } from '@tanstack/react-router'
import { getPageMetadata } from '../headmark.functions.ts'

export const Route = createFileRoute('/')({
  head: createHead({ serverFn: getPageMetadata, fallback: { title: 'Home' } }),
  component: () => <main>…</main>,
})`,
      },
      {
        label: 'src/routes/api/headmark.ts',
        language: 'ts',
        code: `// The webhook receiver: drops a saved page from the client's cache
import { createWebhookHandler } from '@headmark/metadata/webhooks'
import { createFileRoute } from '@tanstack/react-router'
import { metadataClient } from '../../headmark.ts'

const handler = createWebhookHandler({
  secret: process.env.HEADMARK_WEBHOOK_SECRET,
  client: metadataClient,
})

export const Route = createFileRoute('/api/headmark')({
  server: { handlers: { POST: ({ request }) => handler(request) } },
})`,
      },
    ],
  }
}

function plainFetch(values: InstallValues): FrameworkSnippets {
  return {
    id: 'fetch',
    name: 'Plain fetch',
    intro:
      'One request per page with fetch, turned into escaped <head> tags; createMetadataClient adds a cache.',
    files: [
      install,
      { label: '.env', language: 'sh', code: envFile(values) },
      {
        label: 'headmark.ts',
        language: 'ts',
        code: `import { compileHtmlHead } from '@headmark/metadata/html'

// Your fallback, prepared once at start-up: a request only renders what Headmark serves.
const pageHead = compileHtmlHead({ fallback: { title: 'My site' } })

/** The <head> tags of a page: what Headmark serves for its path, over your fallback. */
export async function headFor(path: string): Promise<string> {
  const url = new URL(
    \`\${process.env.HEADMARK_URL}/v1/\${process.env.HEADMARK_DSN}/metadata/get-latest\`,
  )
  url.searchParams.set('path', path)
  const key = process.env.HEADMARK_API_KEY
  const response = await fetch(url, {
    headers: key ? { authorization: \`Bearer \${key}\` } : {},
    signal: AbortSignal.timeout(3000),
  }).catch(() => null)
  // Headmark unreachable or an error: the page keeps its fallback.
  const body = response?.ok ? await response.json() : null
  return pageHead(body?.metadata)
}

// html = html.replace('</head>', \`\${await headFor(url.pathname)}</head>\`)`,
      },
      {
        label: 'webhook.ts',
        language: 'ts',
        code: `// The webhook receiver, a (Request) => Response handler: mount it at POST /api/headmark
// on any server that speaks Request and Response (Bun, Deno, Hono, Workers, srvx…)
import { createWebhookHandler } from '@headmark/metadata/webhooks'

export const handleHeadmarkWebhook = createWebhookHandler({
  secret: process.env.HEADMARK_WEBHOOK_SECRET,
  revalidate: async (path) => {
    // path changed (null: the site's defaults, so every page): purge it from your cache or CDN
  },
})`,
      },
    ],
  }
}

/**
 * The install snippets for every framework, with the site's values in them.
 *
 * @example
 * installSnippets({ dsn: 'hm_dsn_…', apiUrl: 'https://headmark.example/api/openapi' })[0].name
 * // 'Next.js'
 */
export function installSnippets(values: InstallValues): FrameworkSnippets[] {
  return [nextjs(values), tanstackStart(values), plainFetch(values)]
}
