import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '../../features/marketing/legal-pages.tsx'
import { loadMarketingMetadata, marketingHead } from '../../features/marketing/page-metadata.ts'

const fallback = {
  title: 'Privacy — Headmark',
  description:
    'What this Headmark instance stores about you, why, for how long, and who receives it.',
}

export const Route = createFileRoute('/(marketing)/privacy')({
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: PrivacyPage,
})
