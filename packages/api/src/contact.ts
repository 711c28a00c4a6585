import { z } from 'zod'
import type { Mailer } from './mailer.ts'

/** What the contact form sends. `website` is the honeypot: people never see it, robots fill it. */
export const contactInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.'),
  email: z.email({ error: 'Enter an e-mail address such as you@example.com.' }).max(254),
  message: z
    .string()
    .trim()
    .min(10, 'Write at least 10 characters so we can help.')
    .max(5000, 'Use at most 5,000 characters.'),
  website: z.string().max(500).optional(),
})
export type ContactInput = z.input<typeof contactInputSchema>

export type ContactResult =
  | { status: 'sent' }
  | { status: 'invalid'; errors: Partial<Record<'name' | 'email' | 'message', string>> }
  | { status: 'rate-limited'; retryAfterSeconds: number }

/** Messages per sender address (IP) per window. */
export const CONTACT_LIMIT = 5
export const CONTACT_WINDOW_MS = 60 * 60 * 1000

/** A fixed-window counter per key, in memory: enough for a single-process server. */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    /** Counts one attempt; answers how long to wait (seconds) when over the limit, else 0. */
    hit(key: string, now = Date.now()): number {
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k)
      }
      const current = windows.get(key)
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 })
        return 0
      }
      current.count += 1
      return current.count > limit ? Math.ceil((current.start + windowMs - now) / 1000) : 0
    },
  }
}

const limiter = createRateLimiter({ limit: CONTACT_LIMIT, windowMs: CONTACT_WINDOW_MS })

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
 * Validates a contact message, applies the rate limit and the honeypot, and e-mails the
 * operator. A filled honeypot answers "sent" without sending, so robots learn nothing.
 */
export async function sendContactMessage(
  {
    mailer,
    to,
    limiterKey,
    rateLimiter = limiter,
  }: {
    mailer: Mailer
    to: string
    limiterKey: string
    rateLimiter?: ReturnType<typeof createRateLimiter>
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
  const retryAfterSeconds = rateLimiter.hit(limiterKey)
  if (retryAfterSeconds > 0) return { status: 'rate-limited', retryAfterSeconds }
  if (parsed.data.website) return { status: 'sent' }
  const { name, email, message } = parsed.data
  const safeName = name.replace(/[\r\n]+/g, ' ')
  await mailer.send({
    to,
    subject: `Contact form: ${safeName}`,
    text: `From: ${safeName} <${email}>\n\n${message}\n`,
    html: `<p>From: ${escapeHtml(safeName)} &lt;${escapeHtml(email)}&gt;</p>\n<p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>`,
  })
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
