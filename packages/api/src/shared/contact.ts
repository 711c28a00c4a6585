import { z } from 'zod'

/** The contact form's fields, as the marketing site's server function accepts them. */
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
