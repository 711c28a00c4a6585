// The contact form's fields and answers: shared by the form (in the browser) and the server.
import { z } from 'zod'

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
  /** The mail server could not take the message: nothing was sent. */
  | { status: 'unavailable' }
