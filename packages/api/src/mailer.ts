import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { APIError } from 'better-auth/api'
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
  /**
   * `messageId` (`<…@…>`), when given, is the message's Message-ID header: an e-mail sent again
   * under the same id (a queue job retried after the mail server took it) is the same message to
   * the recipient's mail system, which shows it once.
   */
  send(message: Email & { to: string; messageId?: string }): Promise<void>
}

/** What a person is told when an e-mail could not be sent; the reason goes to the log only. */
export const MAIL_UNAVAILABLE_MESSAGE =
  'Headmark could not send the e-mail right now. Try again in a few minutes.'

/**
 * The mail server could not take an e-mail (unreachable, refused, timed out). Surfaces as 503
 * (better-auth's MAIL_UNAVAILABLE, oRPC's SERVICE_UNAVAILABLE) with
 * {@link MAIL_UNAVAILABLE_MESSAGE}; `reason` is the transport's, for the operator.
 */
export class MailUnavailableError extends Error {
  override readonly name = 'MailUnavailableError'
  readonly reason: string
  constructor(reason: string, options?: { cause?: unknown }) {
    super(MAIL_UNAVAILABLE_MESSAGE, options)
    this.reason = reason
  }
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
  /** Where an e-mail the mail server did not take is reported, one line; defaults to console.warn. */
  warn?: (line: string) => void
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
export function createMailer({
  db,
  env,
  log = console.info,
  warn = console.warn,
}: CreateMailerOptions): {
  mailer: Mailer
  mailbox: DevMailbox | null
} {
  if (env.SMTP_URL !== null) {
    const transport = createTransport(env.SMTP_URL)
    return {
      mailer: {
        async send({ to, subject, text, html, messageId }) {
          try {
            await transport.sendMail({
              from: env.MAIL_FROM,
              to,
              subject,
              text,
              html,
              ...(messageId === undefined ? {} : { messageId }),
            })
          } catch (error) {
            const { code, message } = error as NodeJS.ErrnoException
            const reason = `${code ? `${code}: ` : ''}${message}`.replace(/\s+/g, ' ')
            warn(`[mail] could not send "${subject}": ${reason}`)
            const failure = new MailUnavailableError(reason, { cause: error })
            mailFailures.getStore()?.push(failure)
            throw failure
          }
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

const mailFailures = new AsyncLocalStorage<MailUnavailableError[]>()

/**
 * Runs `work` (a request) and reports the e-mails that could not be sent during it. better-auth
 * swallows a failed verification e-mail (sign-up, sign-in of an unconfirmed account) and an
 * invitation's, and answers as if it had been sent; its handler uses this to answer 503 instead.
 */
export async function trackMailFailures<T>(
  work: () => Promise<T>,
): Promise<{ value: T; failures: MailUnavailableError[] }> {
  const failures: MailUnavailableError[] = []
  const value = await mailFailures.run(failures, work)
  return { value, failures }
}

/**
 * The mailer better-auth gets: an e-mail the mail server did not take is better-auth's own error
 * (503 MAIL_UNAVAILABLE), which it answers as such and logs in one line, without a stack.
 */
export function mailerForAuth(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message)
      } catch (error) {
        if (!(error instanceof MailUnavailableError)) throw error
        throw APIError.from('SERVICE_UNAVAILABLE', {
          code: 'MAIL_UNAVAILABLE',
          message: MAIL_UNAVAILABLE_MESSAGE,
        })
      }
    },
  }
}
