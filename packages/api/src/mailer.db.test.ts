import { describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { closedPort, startSmtpServer } from '../test/smtp-server.ts'
import { magicLinkEmail } from './emails.ts'
import { createMailer, MAIL_UNAVAILABLE_MESSAGE, MailUnavailableError } from './mailer.ts'

const server = useTestServer()

describe('development mailbox', () => {
  it('stores each e-mail, announces it in the log, and lists newest first', async () => {
    const lines: string[] = []
    const { mailer, mailbox } = createMailer({
      db: server.current.headmark.db,
      env: { NODE_ENV: 'development', SMTP_URL: null, MAIL_FROM: 'Headmark <x@y.z>' },
      log: (line) => lines.push(line),
    })
    await mailer.send({ to: 'ada@example.com', ...magicLinkEmail({ url: 'http://h/first' }) })
    await mailer.send({ to: 'bob@example.com', ...magicLinkEmail({ url: 'http://h/second' }) })
    await mailer.send({ to: 'Ada@Example.com', ...magicLinkEmail({ url: 'http://h/third' }) })

    expect(lines).toEqual([
      '[mailbox] to ada@example.com · Your Headmark sign-in link · http://h/first',
      '[mailbox] to bob@example.com · Your Headmark sign-in link · http://h/second',
      '[mailbox] to Ada@Example.com · Your Headmark sign-in link · http://h/third',
    ])
    const firstLink = (text: string) => text.match(/http:\/\/h\/\w+/)?.[0]
    const all = (await mailbox?.list()) ?? []
    expect(all.map((m) => firstLink(m.text))).toEqual([
      'http://h/third',
      'http://h/second',
      'http://h/first',
    ])
    const toAda = (await mailbox?.list({ to: 'ada@example.com' })) ?? []
    expect(toAda.map((m) => firstLink(m.text))).toEqual(['http://h/third', 'http://h/first'])
    expect(await mailbox?.list({ limit: 1 })).toHaveLength(1)
    expect(toAda[0]).toMatchObject({
      subject: 'Your Headmark sign-in link',
      html: expect.stringContaining('<a href="http://h/third">Sign in to Headmark</a>'),
      createdAt: expect.any(Date),
    })
  })

  it('is what the server uses when no SMTP server is configured', () => {
    expect(server.current.headmark.mailbox).not.toBeNull()
  })
})

describe('SMTP mailer', () => {
  it('sends through SMTP_URL, from MAIL_FROM, and has no mailbox', async () => {
    const smtp = await startSmtpServer()
    try {
      const { mailer, mailbox } = createMailer({
        db: server.current.headmark.db,
        env: {
          NODE_ENV: 'production',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Headmark <no-reply@h.example>',
        },
      })
      expect(mailbox).toBeNull()
      await mailer.send({
        to: 'ada@example.com',
        ...magicLinkEmail({ url: 'https://h.example/link' }),
      })
      expect(smtp.received).toHaveLength(1)
      const [message = ''] = smtp.received
      expect(message).toContain('From: Headmark <no-reply@h.example>')
      expect(message).toContain('To: ada@example.com')
      expect(message).toContain('Subject: Your Headmark sign-in link')
      expect(message).toContain('https://h.example/link')
    } finally {
      await smtp.close()
    }
  })
  // S15: an unreachable mail server was a bare error that better-auth and oRPC answered with 500.
  it('fails with MailUnavailableError when the server can not be reached, and logs one line with the reason', async () => {
    const lines: string[] = []
    const { mailer } = createMailer({
      db: server.current.headmark.db,
      env: {
        NODE_ENV: 'production',
        SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
        MAIL_FROM: 'Headmark <no-reply@h.example>',
      },
      warn: (line) => lines.push(line),
    })
    const failure = await mailer
      .send({ to: 'ada@example.com', ...magicLinkEmail({ url: 'https://h.example/link' }) })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MailUnavailableError)
    expect((failure as Error).message).toBe(MAIL_UNAVAILABLE_MESSAGE)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^\[mail\] could not send "Your Headmark sign-in link": .*ECONNREFUSED/,
    )
    expect(lines[0]).not.toContain('\n')
  })
})
