import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '../../components/marketing-page.tsx'

export const Route = createFileRoute('/(marketing)/nextjs')({
  head: () => ({ meta: [{ title: 'Next.js — Headmark' }] }),
  component: () => (
    <MarketingPage title="Next.js" lead="Headmark metadata in a Next.js app.">
      <p>
        Install @headmark/metadata, create a client with your site's DSN, and return its
        generateMetadata from your layouts and pages. Headmark's webhooks keep the cache fresh when
        you publish changes.
      </p>
    </MarketingPage>
  ),
})
