import { createFileRoute, notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { DevMailbox } from '../../components/dev-mailbox.tsx'

const listMail = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ getHeadmark }, { currentClientAddress, isLoopback }] = await Promise.all([
    import('@headmark/api'),
    import('@headmark/api/edge'),
  ])
  // Magic links land here: only someone on this machine may read them. The address comes from
  // the server's own edge (server.mjs, or the development server), never from the client.
  if (!isLoopback(currentClientAddress())) return null
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

/**
 * The development mailbox: e-mails the app would have sent. Not available in production, and
 * only to requests from this machine (loopback).
 */
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
