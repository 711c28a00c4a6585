import { contactRecipient, sendContactMessage } from '@headmark/api'
import { currentClientAddress } from '@headmark/api/edge'
import type { ContactResult } from '@headmark/api/shared'
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { headmark } from '~/server/headmark.ts'

/** Sends the contact form to the operator; the answer says what to show next to the form. */
export const submitContact = createServerFn({ method: 'POST' })
  .validator((input: unknown) => {
    if (typeof input !== 'object' || input === null) throw new Error('Send the form’s fields.')
    return input as Record<string, unknown>
  })
  .handler(async ({ data }): Promise<ContactResult> => {
    const server = await headmark()
    const result = await sendContactMessage(
      {
        db: server.db,
        mailer: server.mailer,
        to: contactRecipient(server.env),
        // The address the server's edge established, never an X-Forwarded-For the client wrote.
        address: currentClientAddress() ?? 'unknown',
        rateLimit: server.env.rateLimit,
      },
      data,
    )
    if (result.status === 'invalid') setResponseStatus(400)
    if (result.status === 'unavailable') setResponseStatus(503)
    if (result.status === 'rate-limited') {
      setResponseStatus(429)
      setResponseHeader('retry-after', String(result.retryAfterSeconds))
    }
    return result
  })
