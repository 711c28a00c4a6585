import { ORPCError, os } from '@orpc/server'
import type { AuthSession } from '../auth.ts'
import type { Context } from './context.ts'

/** The root builder: every procedure and middleware starts here. */
export const base = os.$context<Context>()

async function resolveSession(context: Context): Promise<AuthSession | null> {
  if (context.session !== undefined) return context.session
  return context.auth.api.getSession({ headers: context.headers })
}

/** Makes `context.session` (possibly null) available to what follows. */
export const withSession = base.middleware(async ({ context, next }) =>
  next({ context: { session: await resolveSession(context) } }),
)

/** Lets only signed-in people through (UNAUTHORIZED otherwise); adds `session` and `user`. */
export const authed = base.middleware(async ({ context, next }) => {
  const session = await resolveSession(context)
  if (!session) {
    throw new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' })
  }
  return next({ context: { session, user: session.user } })
})

/** Procedures anyone may call; `context.session` is null for anonymous callers. */
export const publicProcedure = base.use(withSession)

/** Procedures for signed-in people. */
export const authedProcedure = base.use(authed)
