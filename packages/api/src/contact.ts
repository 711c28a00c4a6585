import type { Database } from './db/client.ts'
import { consumeLimit, limits } from './limits.ts'
import { type Mailer, MailUnavailableError } from './mailer.ts'
import { type ContactInput, contactInputSchema } from './shared/contact.ts'

/** What the contact form sends. `website` is the honeypot: people never see it, robots fill it. */
export { type ContactInput, contactInputSchema }

export type ContactResult =
  | { status: 'sent' }
  | { status: 'invalid'; errors: Partial<Record<'name' | 'email' | 'message', string>> }
  | { status: 'rate-limited'; retryAfterSeconds: number }
  /** The mail server could not take the message: nothing was sent. */
  | { status: 'unavailable' }

/** Where contact messages go: CONTACT_EMAIL, else the first of ADMIN_EMAILS, else MAIL_FROM. */
export function contactRecipient(env: {
  CONTACT_EMAIL: string | null
  adminEmails: readonly string[]
  MAIL_FROM: string
}): string {
  return (
    env.CONTACT_EMAIL ?? env.adminEmails[0] ?? /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM
  )
}

/**
 * Validates a contact message, applies the per-address limit and the honeypot, and e-mails the
 * operator. A filled honeypot answers "sent" without sending, so robots learn nothing. The limit
 * is counted in the database, so every server instance shares it; `address` is the client's
 * address as the server's edge established it (see request-facts.ts), never a header's claim.
 */
export async function sendContactMessage(
  {
    db,
    mailer,
    to,
    address,
    rateLimit = true,
  }: {
    db: Database
    mailer: Mailer
    to: string
    address: string
    /** Off only where every limit is (RATE_LIMIT=off outside production). */
    rateLimit?: boolean
  },
  input: unknown,
): Promise<ContactResult> {
  const parsed = contactInputSchema.safeParse(input)
  if (!parsed.success) {
    const errors: Partial<Record<'name' | 'email' | 'message', string>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0]
      if ((field === 'name' || field === 'email' || field === 'message') && !errors[field])
        errors[field] = issue.message
    }
    return { status: 'invalid', errors }
  }
  if (rateLimit) {
    const { allowed, retryAfterSeconds } = await consumeLimit(
      db,
      `headmark:contact:${address}`,
      limits.contactPerAddress,
    )
    if (!allowed) return { status: 'rate-limited', retryAfterSeconds }
  }
  if (parsed.data.website) return { status: 'sent' }
  const { name, email, message } = parsed.data
  const safeName = name.replace(/[\r\n]+/g, ' ')
  try {
    await mailer.send({
      to,
      subject: `Contact form: ${safeName}`,
      text: `From: ${safeName} <${email}>\n\n${message}\n`,
      html: `<p>From: ${escapeHtml(safeName)} &lt;${escapeHtml(email)}&gt;</p>\n<p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>`,
    })
  } catch (error) {
    if (error instanceof MailUnavailableError) return { status: 'unavailable' }
    throw error
  }
  return { status: 'sent' }
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
