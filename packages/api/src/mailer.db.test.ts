import { createServer, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { magicLinkEmail } from './emails.ts'
import { createMailer } from './mailer.ts'

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

/** The smallest SMTP server nodemailer will talk to: accepts everything, keeps the DATA. */
async function startSmtpServer() {
  const received: string[] = []
  const sockets = new Set<Socket>()
  const smtp = createServer((socket) => {
    sockets.add(socket)
    let buffer = ''
    let inData = false
    socket.write('220 test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          received.push(buffer.slice(0, end))
          buffer = buffer.slice(end + 5)
          inData = false
          socket.write('250 queued\r\n')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol === -1) return
        const command = buffer.slice(0, eol).toUpperCase()
        buffer = buffer.slice(eol + 2)
        if (command.startsWith('DATA')) {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (command.startsWith('QUIT')) {
          socket.end('221 bye\r\n')
        } else {
          socket.write('250 ok\r\n')
        }
      }
    })
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}

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
})
