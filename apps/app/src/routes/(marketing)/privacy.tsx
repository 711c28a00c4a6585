import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '../../components/marketing-page.tsx'

export const Route = createFileRoute('/(marketing)/privacy')({
  head: () => ({ meta: [{ title: 'Privacy — Headmark' }] }),
  component: () => (
    <MarketingPage title="Privacy" lead="How Headmark handles your data.">
      <p>
        Headmark stores the account details you give it, the metadata you edit and the history of
        the webhooks it sends. It does not sell them.
      </p>
    </MarketingPage>
  ),
})
