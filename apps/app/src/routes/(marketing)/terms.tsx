import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '../../components/marketing-page.tsx'

export const Route = createFileRoute('/(marketing)/terms')({
  head: () => ({ meta: [{ title: 'Terms — Headmark' }] }),
  component: () => (
    <MarketingPage title="Terms" lead="The terms of using Headmark.">
      <p>By using Headmark you agree to use it lawfully and to keep your account secure.</p>
    </MarketingPage>
  ),
})
