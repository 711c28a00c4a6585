import { EmptyState } from '@headmark/ui'
import { Fragment } from 'react'

export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  createdAt: string
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g

/** Turns the URLs of a plain-text e-mail into links, leaving the rest as text. */
function Linkified({ text }: { text: string }) {
  // Keys are the parts' character offsets: stable, and unique within one message.
  const pieces = text.split(URL_PATTERN)
  const parts = pieces.map((part, index) => ({
    part,
    key: pieces.slice(0, index).join('').length,
    isUrl: index % 2 === 1,
  }))
  return (
    <>
      {parts.map(({ part, key, isUrl }) =>
        isUrl ? (
          <a key={key} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        ),
      )}
    </>
  )
}

export function DevMailbox({ messages }: { messages: MailboxMessage[] }) {
  return (
    <section className="page stack">
      <h1>Development mailbox</h1>
      <p className="lead">
        Without an SMTP server configured, e-mails are kept here instead of being sent. Newest
        first.
      </p>
      {messages.length === 0 ? (
        <EmptyState title="No e-mails yet" description="Sign up or ask for a magic link." />
      ) : (
        <ol className="mailbox" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id} className="mailbox-message">
              <h2>{message.subject}</h2>
              <p className="muted">
                To {message.to} · <time dateTime={message.createdAt}>{message.createdAt}</time>
              </p>
              <pre>
                <Linkified text={message.text} />
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
