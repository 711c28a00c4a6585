import type { HeadTag, Metadata } from '@headmark/metadata'
import { mergeHead, toHeadTags } from '@headmark/metadata/head'
import { renderHead } from '@headmark/metadata/html'

/** The tags a typical single-page app ships on every route before anyone edits them. */
export const beforeTags: HeadTag[] = [
  { tag: 'meta', attrs: { charset: 'utf-8' } },
  { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
  { tag: 'title', children: 'Vite + React' },
]

/** What an editor enters in Headmark for a docs page of example.com. */
export const exampleMetadata: Metadata = {
  title: 'Webhooks guide — Example Docs',
  description:
    'Receive signed events when an order changes: set up an endpoint, verify the signature and retry safely.',
  openGraph: {
    title: 'Receive signed webhooks',
    description: 'Set up an endpoint, verify the signature and retry safely.',
    siteName: 'Example Docs',
    type: 'article',
    url: 'https://example.com/docs/webhooks',
    image: {
      url: 'https://example.com/og/webhooks.png',
      alt: 'A webhook travelling from a server to an endpoint',
      width: 1200,
      height: 630,
      mimeType: 'image/png',
    },
  },
  twitter: { card: 'summary_large_image' },
}

const render = (tags: readonly HeadTag[]) => tags.map((tag) => renderHead([tag])).join('\n')

/** The page's `<head>` before Headmark, as HTML. */
export const beforeHtml = render(beforeTags)

/**
 * The same page after: the fallback tags merged with what Headmark serves, by the library itself
 * (its building blocks: once, and lighter in the main chunk than `resolveHead`'s compiled layers).
 */
export const afterHtml = render(mergeHead(beforeTags, toHeadTags(exampleMetadata)))
