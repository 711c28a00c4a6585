import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { eq } from 'drizzle-orm'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { admin } from 'better-auth/plugins/admin'
import { jwt } from 'better-auth/plugins/jwt'
import { mcp } from '@better-auth/mcp'
import { magicLink } from 'better-auth/plugins/magic-link'
import { organization } from 'better-auth/plugins/organization'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { passkey } from '@better-auth/passkey'
import { hideAdminEndpoints, keepOwnersOnAdminRemoval, promoteListedAdmin } from './admin.ts'
import type { Database } from './db/client.ts'
import type { CancelSubscriptionJob } from './billing/cancellations.ts'
import { requireOrganizationReference, stripeProvider } from './billing/stripe.ts'
import { authSchema, oauthSchema, subscription, user } from './db/schema.ts'
import { MCP_OAUTH_SCOPES, MCP_SIGN_IN_PATH, mcpResource } from './mcp/connections.ts'
import { personActor, recordAudit } from './domain/audit.ts'
import { endMembershipsOf, guardMemberEndpoints } from './members.ts'
import {
  changeEmailEmail,
  invitationEmail,
  magicLinkEmail,
  resetPasswordEmail,
  twoFactorSignInEmail,
  verificationEmail,
} from './emails.ts'
import type { ServerEnv } from './env.ts'
import {
  consumeLimit,
  describeWait,
  type Limit,
  LONGEST_WINDOW_SECONDS,
  limits,
  resetLimit,
} from './limits.ts'
import type { Logger } from './log.ts'
import type { Mailer } from './mailer.ts'
import { closeOrganizationSettingsEndpoints } from './organization-endpoints.ts'
import { AUTH_ADDRESS_HEADER } from './request-facts.ts'
import {
  organizationAccess,
  organizationRoles,
  platformAccess,
  platformRoles,
} from './permissions.ts'
import { imageUrlProblem, nameForEmail, nameProblem } from './user-fields.ts'
import { MIN_PASSWORD_LENGTH } from './shared/auth.ts'

export const AUTH_BASE_PATH = '/api/auth'

export interface CreateAuthOptions {
  db: Database
  env: Pick<ServerEnv, 'BETTER_AUTH_URL' | 'BETTER_AUTH_SECRET' | 'trustedOrigins'> &
    Partial<Pick<ServerEnv, 'adminEmails' | 'stripe'>>
  mailer: Mailer
  /** Per-address and per-account limits on requests; off only in tests. */
  rateLimit: boolean
  logger?: Logger
  /** A live Stripe subscription of an organization that no longer exists: queue its cancelling. */
  onStripeOrphan?: (job: CancelSubscriptionJob) => Promise<void>
  /** How passwords are hashed and checked; better-auth's scrypt unless given. */
  password?: PasswordHashing
}

/** better-auth's password hashing (`emailAndPassword.password`). */
export interface PasswordHashing {
  hash: (password: string) => Promise<string>
  verify: (data: { hash: string; password: string }) => Promise<boolean>
}

/**
 * better-auth's organization endpoints that would bypass Headmark's own procedures and rules
 * (slug format, reserved slugs, length limits, membership checks that hide which slugs exist):
 * creating goes through `organizations.create`, reading through `auth.getOrganization`.
 */
const CLOSED_ENDPOINTS = new Set([
  '/organization/create',
  '/organization/check-slug',
  '/organization/get-full-organization',
])

/** Endpoints that write a person's name or image. */
const USER_WRITES = new Set([
  '/sign-up/email',
  // A magic link for a new address creates the account with the name sent here.
  '/sign-in/magic-link',
  '/update-user',
  '/admin/create-user',
  '/admin/update-user',
])

function badRequest(message: string): APIError {
  return APIError.from('BAD_REQUEST', { code: 'INVALID_INPUT', message })
}

function tooMany(message: string): APIError {
  return APIError.from('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message })
}

/** The failed-password counter of one account. */
const failedSignInKey = (email: string) => `headmark:failed-sign-in:${email.toLowerCase()}`

/**
 * Endpoints of a signed-in person that check their password: a wrong one counts against the
 * same per-account limit as a sign-in, so a stolen session can not be used to guess it.
 */
const PASSWORD_CHECKS = new Set([
  '/change-password',
  '/delete-user',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
])

/**
 * Per-address limits (better-auth's rate limiter, by client address) on the endpoints that
 * anyone may call without a session, as tight as sign-in's: a password-reset request sends an
 * e-mail, a reset or a second-factor code is a secret to guess, a passkey challenge is a row.
 * better-auth already holds /sign-in/*, /change-password, /change-email to 3 in 10 seconds and
 * its two-factor plugin every /two-factor/* path to 3 in 10 seconds.
 */
const ANONYMOUS_ENDPOINT_LIMITS = {
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 5 },
  '/passkey/generate-authenticate-options': { window: 60, max: 10 },
  '/passkey/verify-authentication': { window: 10, max: 3 },
} as const

/** The relying party of passkeys: BETTER_AUTH_URL's host name and origin. */
export function passkeyRelyingParty(baseUrl: string): { rpID: string; origin: string } {
  const url = new URL(baseUrl)
  return { rpID: url.hostname, origin: url.origin }
}

/**
 * better-auth for Headmark, mounted at /api/auth: e-mail + password with required e-mail
 * verification, magic links, organizations with teams and the spec's roles, platform admin.
 *
 * @example
 * const auth = createAuth({ db, env, mailer })
 * const session = await auth.api.getSession({ headers })
 */
export function createAuth({
  db,
  env,
  mailer,
  rateLimit,
  logger,
  onStripeOrphan,
  password,
}: CreateAuthOptions) {
  async function withinLimit(key: string, limit: Limit, message: (wait: string) => string) {
    if (!rateLimit) return
    const { allowed, retryAfterSeconds } = await consumeLimit(db, key, limit)
    if (!allowed) throw tooMany(message(describeWait(retryAfterSeconds)))
  }
  const emailLimit = (email: string) =>
    withinLimit(
      `headmark:emails:${email.toLowerCase()}`,
      limits.emailsPerAddress,
      (wait) =>
        `Too many e-mails were sent to this address in the last hour. Use the last one, or try again in ${wait}.`,
    )

  /** Counts a password check of the signed-in person against their account's sign-in limit. */
  async function countPasswordCheck(ctx: Parameters<typeof getSessionFromCtx>[0]) {
    const session = await getSessionFromCtx(ctx)
    if (!session) return
    const { allowed } = await consumeLimit(
      db,
      failedSignInKey(session.user.email),
      limits.failedSignIns,
    )
    if (!allowed) {
      throw tooMany('Too many wrong passwords for this account. Wait 15 minutes and try again.')
    }
  }

  return betterAuth({
    appName: 'Headmark',
    baseURL: env.BETTER_AUTH_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: env.trustedOrigins,
    telemetry: { enabled: false },
    ...(logger
      ? {
          logger: {
            level: 'warn' as const,
            log(level: string, message: string, ...args: unknown[]) {
              const cause = args.find((arg) => arg instanceof Error)
              // A client's mistake better-auth reports (an APIError) is one line, not a stack.
              if (level === 'error' && cause && !(cause instanceof APIError)) {
                logger.error(`[auth] ${message}`, cause)
              } else {
                logger.warn(`[auth] ${message}${cause ? `: ${cause.message}` : ''}`)
              }
            },
          },
        }
      : {}),
    // Every error an endpoint answers goes to the server's log, in its format (JSON lines in
    // production): a client's mistake is one line, a server fault keeps its stack. Without this,
    // better-auth prints client errors itself, coloured, outside the log format.
    onAPIError: {
      onError(error) {
        if (!logger) return
        // better-call's APIError (its own class, not better-auth's re-export): a status code.
        const answered = error as {
          statusCode?: unknown
          status?: unknown
          body?: { code?: unknown }
        }
        if (typeof answered.statusCode === 'number' && answered.statusCode < 500) {
          const code = String(answered.body?.code ?? answered.status ?? '')
          const message = error instanceof Error ? error.message : String(error)
          logger.info(`[auth] ${answered.statusCode} ${code}: ${message.slice(0, 200)}`)
        } else {
          logger.error('[auth] an endpoint failed', error)
        }
      },
    },
    // Per client address, in the database so that limits hold across restarts and instances. The
    // address comes from the server's own edge (the socket's peer, or X-Forwarded-For from a
    // trusted proxy), never from a header the client chose.
    rateLimit: {
      enabled: rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        ...ANONYMOUS_ENDPOINT_LIMITS,
        '/sign-in/magic-link': { window: 60, max: 3 },
        '/organization/invite-member': { window: LONGEST_WINDOW_SECONDS, max: 100 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [AUTH_ADDRESS_HEADER] },
    },
    // No adapter transactions: PGlite has a single connection, so a callback that writes through
    // `db` (the dev mailbox) while better-auth holds a transaction open would wait forever.
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { ...authSchema, ...oauthSchema, subscription },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      requireEmailVerification: true,
      ...(password ? { password } : {}),
      // "Forgot password?": a link by e-mail, good once for an hour; the new password ends every
      // other session (whoever knew the old one is signed out).
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await emailLimit(user.email)
        await mailer.send({
          to: user.email,
          ...resetPasswordEmail({ name: nameForEmail(user.name), url }),
        })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Someone who lost the first e-mail gets a fresh link by trying to sign in.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await emailLimit(user.email)
        // A confirmed account asking for a link is changing its address (user.changeEmail):
        // user.email is the new address, which the account takes only once the link is opened.
        const email = user.emailVerified
          ? changeEmailEmail({ name: nameForEmail(user.name), url })
          : verificationEmail({ name: user.name, url })
        await mailer.send({ to: user.email, ...email })
      },
      afterEmailVerification: (user) => promoteListedAdmin(db, env.adminEmails ?? [], user),
    },
    user: {
      // A new address is confirmed by a link sent to it; the account keeps the old one until then.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // An organization whose only owner leaves can not be managed by anyone. The account's
        // memberships end here, under the same locks as every change of roles: two owners
        // deleting their accounts at once can not both go.
        async beforeDelete(user) {
          if ((await endMembershipsOf(db, user.id)).length > 0) {
            throw APIError.from('BAD_REQUEST', {
              code: 'LAST_OWNER',
              message:
                'You are the only owner of an organization. Make another member an owner, or delete the organization, before deleting your account.',
            })
          }
        },
      },
    },
    hooks: {
      // With verification required, better-auth answers a sign-up for a taken address with a
      // fake success (enumeration protection). The product wants the form to say so plainly.
      before: createAuthMiddleware(async (ctx) => {
        await hideAdminEndpoints(ctx)
        await keepOwnersOnAdminRemoval(ctx, db)
        closeOrganizationSettingsEndpoints(ctx)
        requireOrganizationReference(ctx)
        await guardMemberEndpoints(ctx, db)
        if (CLOSED_ENDPOINTS.has(ctx.path)) {
          throw APIError.from('NOT_FOUND', {
            code: 'NOT_FOUND',
            message: 'This endpoint is not available: Headmark manages organizations itself.',
          })
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>
        if (USER_WRITES.has(ctx.path)) {
          const fields = (ctx.path === '/admin/update-user' ? body.data : body) as
            Record<string, unknown> | undefined
          if (fields && 'name' in fields) {
            const problem = nameProblem(fields.name)
            if (problem) throw badRequest(problem)
          }
          const problem = fields && imageUrlProblem(fields.image)
          if (problem) throw badRequest(problem)
        }
        if (ctx.path === '/organization/create-team' || ctx.path === '/organization/update-team') {
          const data = (ctx.path === '/organization/update-team' ? body.data : body) as
            Record<string, unknown> | undefined
          const problem = data && 'name' in data ? nameProblem(data.name, 'The team name') : null
          if (problem) throw badRequest(problem)
        }
        if (ctx.path === '/organization/invite-member' && rateLimit) {
          const session = await getSessionFromCtx(ctx)
          if (session) {
            await withinLimit(
              `headmark:invitations:${session.user.id}`,
              limits.invitationsPerUser,
              (wait) => `You have sent many invitations today. Try again in ${wait}.`,
            )
          }
        }
        // Every password attempt for an account is counted before the password is checked, in
        // one statement: attempts sent at once can not all slip under the limit. A successful
        // sign-in forgets the count (after, below).
        if (ctx.path === '/sign-in/email' && rateLimit && typeof body.email === 'string') {
          const { allowed } = await consumeLimit(
            db,
            failedSignInKey(body.email),
            limits.failedSignIns,
          )
          if (!allowed) {
            throw tooMany(
              'Too many wrong passwords for this account. Wait 15 minutes, or sign in with a magic link.',
            )
          }
        }
        // better-auth deletes an account without its password when the session is less than a
        // day old: one left open on a shared computer would be enough. An account with a password
        // gives it.
        if (ctx.path === '/delete-user' && typeof body.password !== 'string') {
          const session = await getSessionFromCtx(ctx)
          const accounts = session
            ? await ctx.context.internalAdapter.findAccounts(session.user.id)
            : []
          if (accounts.some((account) => account.providerId === 'credential' && account.password)) {
            throw badRequest('Enter your password to delete your account.')
          }
        }
        if (PASSWORD_CHECKS.has(ctx.path) && rateLimit && typeof body.password === 'string') {
          await countPasswordCheck(ctx)
        }
        if (
          ctx.path === '/change-password' &&
          rateLimit &&
          typeof body.currentPassword === 'string'
        ) {
          await countPasswordCheck(ctx)
        }
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
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned
        const succeeded =
          typeof returned === 'object' &&
          returned !== null &&
          !(returned instanceof APIError) &&
          !(returned instanceof Response)
        // The right password forgets the account's count, as a sign-in does.
        if (PASSWORD_CHECKS.has(ctx.path) && rateLimit && succeeded) {
          const email = ctx.context.session?.user.email
          if (email) await resetLimit(db, failedSignInKey(email))
        }
        if (ctx.path !== '/sign-in/email') return
        // Password attempts per account are counted in `before`; the right one forgets them.
        const email: unknown = ctx.body?.email
        if (rateLimit && typeof email === 'string' && succeeded) {
          await resetLimit(db, failedSignInKey(email))
        }
        // A sign-in's callbackURL is where the confirmation link sent to an unconfirmed account
        // leads (back to an invitation, say). Signed in, the app goes there itself: the answer
        // asks better-auth's client for no page load of its own.
        if (succeeded && (returned as { redirect?: unknown }).redirect === true) {
          return ctx.json({ ...returned, redirect: false })
        }
      }),
    },
    plugins: [
      // Sign-in with an authenticator app's codes (TOTP), recovery codes for a lost phone. The
      // secret and the codes are stored encrypted with BETTER_AUTH_SECRET (better-auth's default
      // for both). Wrong codes lock the account's second step for 15 minutes after 5, whoever
      // sends them, as wrong passwords do.
      twoFactor({
        issuer: 'Headmark',
        accountLockout: {
          enabled: true,
          maxFailedAttempts: limits.failedSignIns.max,
          durationSeconds: limits.failedSignIns.windowSeconds,
        },
      }),
      // WebAuthn: registering needs a session; signing in needs none (a discoverable key).
      passkey({ rpName: 'Headmark', ...passkeyRelyingParty(env.BETTER_AUTH_URL) }),
      magicLink({
        async sendMagicLink({ email, url }) {
          await emailLimit(email)
          // A link would sign in around the second factor: an account that has one is told how
          // to sign in instead. The answer to the request is the same either way.
          const [person] = await db
            .select({ twoFactorEnabled: user.twoFactorEnabled })
            .from(user)
            .where(eq(user.email, email.toLowerCase()))
          if (person?.twoFactorEnabled) {
            await mailer.send({
              to: email,
              ...twoFactorSignInEmail({
                signInUrl: new URL('/get-started?mode=sign-in', env.BETTER_AUTH_URL).href,
              }),
            })
            return
          }
          await mailer.send({ to: email, ...magicLinkEmail({ url }) })
        },
      }),
      organization({
        ac: organizationAccess,
        roles: organizationRoles,
        creatorRole: 'owner',
        teams: { enabled: true },
        // better-auth's invitation endpoints write through its own adapter, outside any
        // transaction Headmark could join: their audit entries are written right after the
        // change, by these hooks (see src/domain/audit.ts). Headmark's own procedures
        // (invitations.*) write theirs inside the action's transaction.
        organizationHooks: {
          afterCreateInvitation: ({ invitation, inviter }) =>
            recordAudit(db, {
              organizationId: invitation.organizationId,
              actor: personActor(inviter),
              action: 'invitation.sent',
              target: { kind: 'invitation', id: invitation.id, label: invitation.email },
              summary: { after: { email: invitation.email, role: invitation.role } },
            }),
          afterCancelInvitation: ({ invitation, cancelledBy }) =>
            recordAudit(db, {
              organizationId: invitation.organizationId,
              actor: personActor(cancelledBy),
              action: 'invitation.cancelled',
              target: { kind: 'invitation', id: invitation.id, label: invitation.email },
              summary: { before: { email: invitation.email, role: invitation.role } },
            }),
          afterAcceptInvitation: ({ invitation, user: person }) =>
            recordAudit(db, {
              organizationId: invitation.organizationId,
              actor: personActor(person),
              action: 'invitation.accepted',
              target: { kind: 'invitation', id: invitation.id, label: invitation.email },
              summary: { after: { role: invitation.role } },
            }),
          afterRejectInvitation: ({ invitation, user: person }) =>
            recordAudit(db, {
              organizationId: invitation.organizationId,
              actor: personActor(person),
              action: 'invitation.rejected',
              target: { kind: 'invitation', id: invitation.id, label: invitation.email },
            }),
        },
        async sendInvitationEmail({ id, email, role, organization, inviter }) {
          const url = new URL(`/app/invitations/${encodeURIComponent(id)}`, env.BETTER_AUTH_URL)
          await mailer.send({
            to: email,
            ...invitationEmail({
              organizationName: nameForEmail(organization.name),
              inviterName: nameForEmail(inviter.user.name),
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
      // Agents (MCP clients) connect through OAuth 2.1: this instance is the authorization server
      // and the MCP endpoint (/api/mcp) the resource its access tokens are bound to (signed JWTs,
      // keys in the jwks table). MCP clients register themselves (dynamic client registration;
      // Client ID Metadata Documents need @better-auth/cimd, not installed). The consent screen
      // records the connection (organization, sites, scopes: see routers/agents.ts).
      jwt({ disableSettingJwtHeader: true }),
      mcp({
        resource: mcpResource(env.BETTER_AUTH_URL),
        scopes: [...MCP_OAUTH_SCOPES],
        // The sign-in page is /get-started?mode=sign-in; better-auth appends its own query with
        // a "?", so it sends to a route that forwards there with the consent page as `redirect`.
        loginPage: MCP_SIGN_IN_PATH,
        consentPage: '/app/connect-agent',
        allowDynamicClientRegistration: true,
        allowUnauthenticatedClientRegistration: true,
        clientRegistrationDefaultScopes: [...MCP_OAUTH_SCOPES],
        clientRegistrationAllowedScopes: [...MCP_OAUTH_SCOPES],
        clientRegistrationRequirePKCE: true,
        accessTokenExpiresIn: 60 * 60,
      }),
      // Stripe bills the plans when configured (src/billing/stripe.ts).
      ...(env.stripe
        ? [stripeProvider(db, env.stripe, onStripeOrphan ? { onOrphan: onStripeOrphan } : {})]
        : []),
    ],
  })
}

/** The better-auth instance Headmark uses. */
export type Auth = ReturnType<typeof createAuth>

/** What `auth.api.getSession` returns for a signed-in person. */
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
