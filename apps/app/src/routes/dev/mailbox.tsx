import { createFileRoute, notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { currentClientAddress, isLoopback, sameSecret } from '@headmark/api/edge'
import { DevMailbox } from '~/components/dev-mailbox.tsx'
import { headmark } from '~/server/headmark.ts'

const listMail = createServerFn({ method: 'GET' })
  .validator((input: { key?: unknown }) => ({
    key: typeof input.key === 'string' ? input.key.slice(0, 200) : '',
  }))
  .handler(async ({ data }) => {
    // Magic links land here: only someone on this machine who has the key printed at start may
    // read them. A reverse proxy on the same machine makes every visitor look local, so the key
    // is what keeps them out. The address comes from the server's own edge, never the client.
    if (!isLoopback(currentClientAddress())) return null
    const { env, mailbox } = await headmark()
    if (!mailbox || !sameSecret(data.key, env.devMailboxKey)) return null
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
 * only to requests from this machine (loopback) that carry the key printed at start.
 */
export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: (search: Record<string, unknown>): { key?: string } =>
    typeof search.key === 'string' ? { key: search.key } : {},
  loaderDeps: ({ search }) => ({ key: search.key }),
  loader: async ({ deps }) => {
    const messages = await listMail({ data: { key: deps.key } })
    if (!messages) throw notFound()
    return { messages }
  },
  head: () => ({ meta: [{ title: 'Development mailbox — Headmark' }] }),
  component: MailboxPage,
})

function MailboxPage() {
  return <DevMailbox messages={Route.useLoaderData().messages} />
}
