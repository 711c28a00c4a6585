import { createFileRoute } from '@tanstack/react-router'
import { BotPage } from '~/features/marketing/bot-page.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'HeadmarkBot — Headmark’s crawler',
  description:
    'What HeadmarkBot is, when it visits a site, what it reads, how it follows robots.txt and Crawl-delay, and how to block it.',
  canonical: '/bot',
}

export const Route = createFileRoute('/(marketing)/bot')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: BotPage,
})
