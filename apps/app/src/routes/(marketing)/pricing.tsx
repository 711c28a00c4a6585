import { createFileRoute } from '@tanstack/react-router'
import { PricingPage } from '~/features/marketing/pricing-page.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Pricing — Headmark',
  description:
    'Headmark plans, from a free plan for one site to unlimited sites and pages: sites, pages, API calls, webhooks and history for each.',
}

export const Route = createFileRoute('/(marketing)/pricing')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: PricingPage,
})
