import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/marketing/contact-page.tsx'
import { loadMarketingMetadata, marketingHead } from '~/features/marketing/page-metadata.ts'

const fallback = {
  title: 'Contact — Headmark',
  description:
    'Write to the people who run this Headmark instance about plans, integrations or your account.',
}

export const Route = createFileRoute('/(marketing)/contact')({
  loader: ({ location }) => loadMarketingMetadata(location.pathname),
  head: ({ loaderData }) => marketingHead(fallback, loaderData),
  component: ContactPage,
})
