import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '../../components/marketing-page.tsx'

export const Route = createFileRoute('/(marketing)/changelog')({
  head: () => ({ meta: [{ title: 'Changelog — Headmark' }] }),
  component: () => (
    <MarketingPage title="Changelog" lead="What is new in Headmark.">
      <p>
        New releases of the app, the public metadata API and the published packages are listed here.
      </p>
    </MarketingPage>
  ),
})
