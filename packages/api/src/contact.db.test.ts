import { describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { closedPort, startSmtpServer } from '../test/smtp-server.ts'
import { contactRecipient, sendContactMessage } from './contact.ts'
import { limits } from './limits.ts'
import { createMailer, type Mailer } from './mailer.ts'

const server = useTestServer()

function recordingMailer() {
  const sent: Array<Parameters<Mailer['send']>[0]> = []
  return { sent, mailer: { send: async (message) => void sent.push(message) } satisfies Mailer }
}

const valid = { name: 'Ada', email: 'ada@example.com', message: 'How do I add a second site?' }

describe('the contact form', () => {
  it('e-mails the operator with the sender and message, escaped in HTML', async () => {
    const { sent, mailer } = recordingMailer()
    const result = await sendContactMessage(
      { db: server.current.headmark.db, mailer, to: 'ops@example.com', address: '203.0.113.1' },
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
      { db: server.current.headmark.db, mailer, to: 'ops@example.com', address: '203.0.113.2' },
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
      { db: server.current.headmark.db, mailer, to: 'ops@example.com', address: '203.0.113.3' },
      { ...valid, website: 'https://spam.example' },
    )
    expect(result).toEqual({ status: 'sent' })
    expect(sent).toHaveLength(0)
  })

  it('limits messages per sender address, and nobody else', async () => {
    const { sent, mailer } = recordingMailer()
    const send = (address: string) =>
      sendContactMessage(
        { db: server.current.headmark.db, mailer, to: 'ops@example.com', address },
        valid,
      )
    for (let i = 0; i < limits.contactPerAddress.max; i++) {
      expect((await send('203.0.113.9')).status).toBe('sent')
    }
    const over = await send('203.0.113.9')
    expect(over.status).toBe('rate-limited')
    expect(over.status === 'rate-limited' && over.retryAfterSeconds).toBeGreaterThan(3500)
    expect((await send('198.51.100.1')).status).toBe('sent')
    expect(sent).toHaveLength(limits.contactPerAddress.max + 1)
  })

  it('counts messages sent at the same moment one by one', async () => {
    const { sent, mailer } = recordingMailer()
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        sendContactMessage(
          {
            db: server.current.headmark.db,
            mailer,
            to: 'ops@example.com',
            address: '203.0.113.10',
          },
          valid,
        ),
      ),
    )
    expect(results.filter((r) => r.status === 'sent')).toHaveLength(limits.contactPerAddress.max)
    expect(sent).toHaveLength(limits.contactPerAddress.max)
  })

  it('says so when the mail server is down, and sends once it is back', async () => {
    const port = await closedPort()
    const { mailer } = createMailer({
      db: server.current.headmark.db,
      env: { NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'h@example.com' },
      log: () => {},
    })
    const send = () =>
      sendContactMessage(
        { db: server.current.headmark.db, mailer, to: 'ops@example.com', address: '203.0.113.11' },
        valid,
      )
    expect(await send()).toEqual({ status: 'unavailable' })
    const smtp = await startSmtpServer(port)
    try {
      expect(await send()).toEqual({ status: 'sent' })
      expect(smtp.received).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })

  it('sends to CONTACT_EMAIL, else the first admin, else the sender address', () => {
    const env = { CONTACT_EMAIL: null, adminEmails: [], MAIL_FROM: 'Headmark <no-reply@h.example>' }
    expect(contactRecipient(env)).toBe('no-reply@h.example')
    expect(contactRecipient({ ...env, adminEmails: ['ops@h.example'] })).toBe('ops@h.example')
    expect(contactRecipient({ ...env, CONTACT_EMAIL: 'hi@h.example' })).toBe('hi@h.example')
  })
})
