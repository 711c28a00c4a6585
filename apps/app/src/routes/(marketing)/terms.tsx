import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '~/features/marketing/legal-pages.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Terms — Headmark',
  description:
    'The rules for using this Headmark instance: accounts, organizations and content, acceptable use, plans and availability.',
}

export const Route = createFileRoute('/(marketing)/terms')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: TermsPage,
})
