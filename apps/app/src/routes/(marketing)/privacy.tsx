import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '~/features/marketing/legal-pages.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Privacy — Headmark',
  description:
    'What this Headmark instance stores about you, why, for how long, and who receives it.',
}

export const Route = createFileRoute('/(marketing)/privacy')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: PrivacyPage,
})
