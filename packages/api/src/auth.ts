import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { admin } from 'better-auth/plugins/admin'
import { magicLink } from 'better-auth/plugins/magic-link'
import { organization } from 'better-auth/plugins/organization'
import { hideAdminEndpoints, promoteListedAdmin } from './admin.ts'
import type { Database } from './db/client.ts'
import { authSchema } from './db/schema.ts'
import { invitationEmail, magicLinkEmail, verificationEmail } from './emails.ts'
import type { ServerEnv } from './env.ts'
import type { Mailer } from './mailer.ts'
import {
  organizationAccess,
  organizationRoles,
  platformAccess,
  platformRoles,
} from './permissions.ts'

export const AUTH_BASE_PATH = '/api/auth'

export interface CreateAuthOptions {
  db: Database
  env: Pick<ServerEnv, 'BETTER_AUTH_URL' | 'BETTER_AUTH_SECRET' | 'trustedOrigins'> &
    Partial<Pick<ServerEnv, 'adminEmails'>>
  mailer: Mailer
}

/**
 * better-auth for Headmark, mounted at /api/auth: e-mail + password with required e-mail
 * verification, magic links, organizations with teams and the spec's roles, platform admin.
 *
 * @example
 * const auth = createAuth({ db, env, mailer })
 * const session = await auth.api.getSession({ headers })
 */
export function createAuth({ db, env, mailer }: CreateAuthOptions) {
  return betterAuth({
    appName: 'Headmark',
    baseURL: env.BETTER_AUTH_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: env.trustedOrigins,
    telemetry: { enabled: false },
    // No adapter transactions: PGlite has a single connection, so a callback that writes through
    // `db` (the dev mailbox) while better-auth holds a transaction open would wait forever.
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      requireEmailVerification: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      // Someone who lost the first e-mail gets a fresh link by trying to sign in.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({ to: user.email, ...verificationEmail({ name: user.name, url }) })
      },
      afterEmailVerification: (user) => promoteListedAdmin(db, env.adminEmails ?? [], user),
    },
    user: {
      deleteUser: { enabled: true },
    },
    hooks: {
      // With verification required, better-auth answers a sign-up for a taken address with a
      // fake success (enumeration protection). The product wants the form to say so plainly.
      before: createAuthMiddleware(async (ctx) => {
        await hideAdminEndpoints(ctx)
        if (ctx.path !== '/sign-up/email') return
        const email: unknown = ctx.body?.email
        if (typeof email !== 'string') return
        const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase())
        if (existing) {
          throw APIError.from('UNPROCESSABLE_ENTITY', {
            code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
            message:
              'An account with this e-mail address already exists. Sign in, or ask for a magic link.',
          })
        }
      }),
    },
    plugins: [
      magicLink({
        async sendMagicLink({ email, url }) {
          await mailer.send({ to: email, ...magicLinkEmail({ url }) })
        },
      }),
      organization({
        ac: organizationAccess,
        roles: organizationRoles,
        creatorRole: 'owner',
        teams: { enabled: true },
        async sendInvitationEmail({ id, email, role, organization, inviter }) {
          const url = new URL(`/app/invitations/${encodeURIComponent(id)}`, env.BETTER_AUTH_URL)
          await mailer.send({
            to: email,
            ...invitationEmail({
              organizationName: organization.name,
              inviterName: inviter.user.name,
              role,
              url: url.href,
            }),
          })
        },
      }),
      admin({
        ac: platformAccess,
        roles: platformRoles,
        defaultRole: 'user',
        adminRoles: ['admin'],
      }),
    ],
  })
}

/** The better-auth instance Headmark uses. */
export type Auth = ReturnType<typeof createAuth>

/** What `auth.api.getSession` returns for a signed-in person. */
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
