import type { ContactResult } from '@headmark/api/contact'
import { createServerFn } from '@tanstack/react-start'

/** Sends the contact form to the operator; the answer says what to show next to the form. */
export const submitContact = createServerFn({ method: 'POST' })
  .validator((input: unknown) => {
    if (typeof input !== 'object' || input === null) throw new Error('Send the form’s fields.')
    return input as Record<string, unknown>
  })
  .handler(async ({ data }): Promise<ContactResult> => {
    const [{ getHeadmark }, { contactRecipient, sendContactMessage }, facts, server] =
      await Promise.all([
        import('@headmark/api'),
        import('@headmark/api/contact'),
        import('@headmark/api/request-facts'),
        import('@tanstack/react-start/server'),
      ])
    const headmark = await getHeadmark()
    const result = await sendContactMessage(
      {
        db: headmark.db,
        mailer: headmark.mailer,
        to: contactRecipient(headmark.env),
        // The address the server's edge established, never an X-Forwarded-For the client wrote.
        address: facts.currentClientAddress() ?? 'unknown',
        rateLimit: headmark.env.rateLimit,
      },
      data,
    )
    if (result.status === 'invalid') server.setResponseStatus(400)
    if (result.status === 'unavailable') server.setResponseStatus(503)
    if (result.status === 'rate-limited') {
      server.setResponseStatus(429)
      server.setResponseHeader('retry-after', String(result.retryAfterSeconds))
    }
    return result
  })
