import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '~/features/marketing/home-page.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Headmark — metadata for every page',
  description:
    'Manage the titles, descriptions, Open Graph and X cards, icons and custom tags of every page, and serve them to your site through a cached API and signed webhooks.',
}

export const Route = createFileRoute('/_unauthenticated/')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: HomePage,
})
