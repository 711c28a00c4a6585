// Code shown on the marketing pages. It comes from the install step's catalogue
// (features/onboarding/snippets.ts), with placeholders for the site's values, so the guide, the
// home page and a site's own install step teach the SDK the same way.
import { type FrameworkId, installSnippets } from '~/features/onboarding/snippets.ts'

const catalogue = installSnippets({
  dsn: '<the site’s DSN, from its settings in Headmark>',
  apiUrl: 'https://<your Headmark>/api/openapi',
})

/** The file labelled `label` of a framework's install step. */
function file(framework: FrameworkId, label: string): { label: string; code: string } {
  const found = catalogue
    .find((snippets) => snippets.id === framework)
    ?.files.find((candidate) => candidate.label === label)
  if (!found) throw new Error(`The install catalogue has no ${label} for ${framework}.`)
  return found
}

export const installSnippet = file('nextjs', 'Terminal')
export const nextEnvSnippet = file('nextjs', '.env.local')
export const nextClientSnippet = file('nextjs', 'lib/headmark.ts')
export const nextLayoutSnippet = file('nextjs', 'app/layout.tsx')
export const nextRootPageSnippet = file('nextjs', 'app/page.tsx')
export const nextWebhookSnippet = file('nextjs', 'app/api/headmark/route.ts')
export const tanstackSnippet = file('tanstack-start', 'src/routes/index.tsx')

/** A page with a parameter, beside the catalogue's home page: the same client, its own path. */
export const nextPageSnippet = {
  label: 'app/blog/[slug]/page.tsx',
  code: `// Each page: Headmark's metadata for its path, over the page's own fallback
import { createGenerateMetadata } from '@headmark/metadata/next'
import { metadataClient } from '@/lib/headmark'

export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: async ({ params }: { params: Promise<{ slug: string }> }) =>
    \`/blog/\${(await params).slug}\`,
  fallback: { title: 'Acme blog', description: 'Notes from the Acme team.' },
})

export default async function BlogPost({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  return <article>{/* … */}</article>
}`,
}
