import { createFileRoute } from '@tanstack/react-router'
import { NextjsGuide } from '~/features/marketing/nextjs-guide.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Next.js guide — Headmark',
  description:
    'Serve the metadata edited in Headmark from a Next.js App Router site with @headmark/metadata, and refresh it on every save with a signed webhook.',
}

export const Route = createFileRoute('/(marketing)/nextjs')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: NextjsGuide,
})
