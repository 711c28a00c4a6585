import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '../../components/marketing-page.tsx'

export const Route = createFileRoute('/(marketing)/pricing')({
  head: () => ({ meta: [{ title: 'Pricing — Headmark' }] }),
  component: () => (
    <MarketingPage title="Pricing" lead="Start free, and pay as your sites grow.">
      <p>
        Every organization chooses a plan when it is created. Plans differ in how many sites, pages
        and webhook deliveries they include; usage is shown on each organization's billing page.
      </p>
    </MarketingPage>
  ),
})
