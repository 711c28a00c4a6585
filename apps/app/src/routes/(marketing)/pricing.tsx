import { createFileRoute } from '@tanstack/react-router'
import { PricingPage } from '../../features/marketing/pricing-page.tsx'
import { loadMarketingMetadata, marketingHead } from '../../features/marketing/page-metadata.ts'

const fallback = {
  title: 'Pricing — Headmark',
  description:
    'Headmark plans, from a free plan for one site to unlimited sites and pages: sites, pages, API calls, webhooks and history for each.',
}

export const Route = createFileRoute('/(marketing)/pricing')({
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: PricingPage,
})
