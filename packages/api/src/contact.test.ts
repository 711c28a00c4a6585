import { describe, expect, it } from 'vitest'
import { contactRecipient, createRateLimiter, sendContactMessage } from './contact.ts'
import type { Mailer } from './mailer.ts'

function recordingMailer() {
  const sent: Array<Parameters<Mailer['send']>[0]> = []
  return { sent, mailer: { send: async (message) => void sent.push(message) } satisfies Mailer }
}

const valid = { name: 'Ada', email: 'ada@example.com', message: 'How do I add a second site?' }

describe('the contact form', () => {
  it('e-mails the operator with the sender and message, escaped in HTML', async () => {
    const { sent, mailer } = recordingMailer()
    const rateLimiter = createRateLimiter({ limit: 5, windowMs: 1000 })
    const result = await sendContactMessage(
      { mailer, to: 'ops@example.com', limiterKey: 'a', rateLimiter },
      { ...valid, message: 'Hello <script>alert(1)</script>\nSecond line' },
    )
    expect(result).toEqual({ status: 'sent' })
    expect(sent).toHaveLength(1)
    expect(sent[0]?.to).toBe('ops@example.com')
    expect(sent[0]?.text).toContain('From: Ada <ada@example.com>')
    expect(sent[0]?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>Second line')
    expect(sent[0]?.html).not.toContain('<script>')
  })

  it('refuses invalid fields with a message per field and sends nothing', async () => {
    const { sent, mailer } = recordingMailer()
    const result = await sendContactMessage(
      { mailer, to: 'ops@example.com', limiterKey: 'b' },
      { name: '', email: 'not-an-address', message: 'short' },
    )
    expect(result).toEqual({
      status: 'invalid',
      errors: {
        name: 'Enter your name.',
        email: 'Enter an e-mail address such as you@example.com.',
        message: 'Write at least 10 characters so we can help.',
      },
    })
    expect(sent).toHaveLength(0)
  })

  it('pretends to send when the honeypot is filled', async () => {
    const { sent, mailer } = recordingMailer()
    const result = await sendContactMessage(
      { mailer, to: 'ops@example.com', limiterKey: 'c' },
      { ...valid, website: 'https://spam.example' },
    )
    expect(result).toEqual({ status: 'sent' })
    expect(sent).toHaveLength(0)
  })

  it('limits messages per sender', async () => {
    const { sent, mailer } = recordingMailer()
    const rateLimiter = createRateLimiter({ limit: 2, windowMs: 60_000 })
    const send = (key: string) =>
      sendContactMessage({ mailer, to: 'ops@example.com', limiterKey: key, rateLimiter }, valid)
    expect((await send('ip-1')).status).toBe('sent')
    expect((await send('ip-1')).status).toBe('sent')
    const third = await send('ip-1')
    expect(third.status).toBe('rate-limited')
    expect(third.status === 'rate-limited' && third.retryAfterSeconds).toBeGreaterThan(0)
    expect((await send('ip-2')).status).toBe('sent')
    expect(sent).toHaveLength(3)
  })

  it('sends to CONTACT_EMAIL, else the first admin, else the sender address', () => {
    const env = { CONTACT_EMAIL: null, adminEmails: [], MAIL_FROM: 'Headmark <no-reply@h.example>' }
    expect(contactRecipient(env)).toBe('no-reply@h.example')
    expect(contactRecipient({ ...env, adminEmails: ['ops@h.example'] })).toBe('ops@h.example')
    expect(contactRecipient({ ...env, CONTACT_EMAIL: 'hi@h.example' })).toBe('hi@h.example')
  })
})
