import { createFileRoute, notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { DevMailbox } from '../../components/dev-mailbox.tsx'

const listMail = createServerFn({ method: 'GET' }).handler(async () => {
  const { getHeadmark } = await import('@headmark/api')
  const { mailbox } = await getHeadmark()
  if (!mailbox) return null
  const messages = await mailbox.list({ limit: 50 })
  return messages.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    createdAt: new Date(m.createdAt).toISOString(),
  }))
})

/** The development mailbox: e-mails the app would have sent. Not available in production. */
export const Route = createFileRoute('/dev/mailbox')({
  loader: async () => {
    const messages = await listMail()
    if (!messages) throw notFound()
    return { messages }
  },
  head: () => ({ meta: [{ title: 'Development mailbox — Headmark' }] }),
  component: MailboxPage,
})

function MailboxPage() {
  return <DevMailbox messages={Route.useLoaderData().messages} />
}
