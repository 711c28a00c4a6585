import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '../../components/marketing-page.tsx'

export const Route = createFileRoute('/(marketing)/contact')({
  head: () => ({ meta: [{ title: 'Contact — Headmark' }] }),
  component: () => (
    <MarketingPage title="Contact" lead="Talk to the people who build Headmark.">
      <p>
        Write to support@headmark.dev, or use the chat in the corner of the app when you are signed
        in.
      </p>
    </MarketingPage>
  ),
})
