import { randomUUID } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Database } from './db/client.ts'
import { mailMessage } from './db/schema.ts'
import type { Email } from './emails.ts'
import type { ServerEnv } from './env.ts'

/** One e-mail kept in the development mailbox. */
export interface MailMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  createdAt: Date
}

/** Sends the server's e-mails (verification, magic links, invitations). */
export interface Mailer {
  send(message: Email & { to: string }): Promise<void>
}

/** Reads what the development mailbox has received. */
export interface DevMailbox {
  /** Newest first; `to` filters by recipient (case-insensitive); `limit` defaults to 50. */
  list(options?: { to?: string; limit?: number }): Promise<MailMessage[]>
}

export interface CreateMailerOptions {
  db: Database
  env: Pick<ServerEnv, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM'>
  /** Where the development mailbox announces each message; defaults to console.info. */
  log?: (line: string) => void
}

/**
 * One mailer for the whole server: SMTP (nodemailer) when SMTP_URL is set; otherwise the
 * development mailbox, which stores each message in the database and prints a line to the log so
 * the embedded setup works offline and tests can follow links.
 *
 * @example
 * const { mailer, mailbox } = createMailer({ db, env })
 * await mailer.send({ to: 'ada@example.com', ...magicLinkEmail({ url }) })
 * await mailbox?.list({ to: 'ada@example.com', limit: 1 })
 */
export function createMailer({ db, env, log = console.info }: CreateMailerOptions): {
  mailer: Mailer
  mailbox: DevMailbox | null
} {
  if (env.SMTP_URL !== null) {
    const transport = createTransport(env.SMTP_URL)
    return {
      mailer: {
        async send({ to, subject, text, html }) {
          await transport.sendMail({ from: env.MAIL_FROM, to, subject, text, html })
        },
      },
      mailbox: null,
    }
  }
  if (env.NODE_ENV === 'production') {
    // loadServerEnv already refuses this; kept so a hand-built env can not lose mail silently.
    throw new Error('SMTP_URL is required in production: the development mailbox is disabled.')
  }

  return {
    mailer: {
      async send({ to, subject, text, html }) {
        await db.insert(mailMessage).values({ id: randomUUID(), to, subject, text, html })
        const link = text.match(/https?:\/\/\S+/)?.[0]
        log(`[mailbox] to ${to} · ${subject}${link ? ` · ${link}` : ''}`)
      },
    },
    mailbox: {
      async list({ to, limit = 50 } = {}) {
        return db
          .select({
            id: mailMessage.id,
            to: mailMessage.to,
            subject: mailMessage.subject,
            text: mailMessage.text,
            html: mailMessage.html,
            createdAt: mailMessage.createdAt,
          })
          .from(mailMessage)
          .where(to === undefined ? undefined : eq(sql`lower(${mailMessage.to})`, to.toLowerCase()))
          .orderBy(desc(mailMessage.sequence))
          .limit(limit)
      },
    },
  }
}
