import { createFileRoute } from '@tanstack/react-router'
import { ChangelogPage } from '~/features/marketing/changelog-page.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Changelog — Headmark',
  description:
    'What changed in Headmark, day by day: one line for each change you will notice in the editor, imports, reviews, webhooks, the API and the SDK.',
}

export const Route = createFileRoute('/(marketing)/changelog')({
  // A page for reading: painted before the app's JavaScript is fetched (lib/first-paint.ts).
  staticData: { paintFirst: true },
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: ChangelogPage,
})
