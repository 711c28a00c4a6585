import { ORPCError } from '@orpc/client'
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'
import { headmark } from '~/server/headmark.ts'
import { sessionQuery } from '~/lib/session.ts'

// The account screen reads better-auth's own endpoints (/api/auth): in-process with the request's
// cookies while the server renders, over HTTP with plain fetch in the browser (not through the
// better-auth client, which this module would otherwise put in every page's bundle: the route's
// loader imports it). Session tokens never enter the cache or the rendered page: ending a
// session looks its token up at the moment (`sessionToken`).

/** One signed-in device of the person. */
export interface AccountSession {
  id: string
  userAgent: string | null
  ipAddress: string | null
  createdAt: string
  /** When better-auth last refreshed the session (at most a day apart while it is used). */
  updatedAt: string
}

export interface AccountPasskey {
  id: string
  name: string | null
  deviceType: string
  createdAt: string | null
}

export interface AccountOverview {
  user: {
    id: string
    name: string
    email: string
    image: string | null
    twoFactorEnabled: boolean
  }
  currentSessionId: string
  /** Whether the account has a password (not only magic links or passkeys). */
  hasPassword: boolean
  sessions: AccountSession[]
  passkeys: AccountPasskey[]
}

interface RawSession {
  id: string
  token?: string
  userAgent?: string | null
  ipAddress?: string | null
  createdAt: Date | string
  updatedAt: Date | string
}

interface RawOverview {
  session: {
    session: { id: string }
    user: {
      id: string
      name: string
      email: string
      image?: string | null
      twoFactorEnabled?: boolean | null
    }
  } | null
  sessions: RawSession[]
  accounts: Array<{ providerId: string }>
  passkeys: Array<{
    id: string
    name?: string | null
    deviceType: string
    createdAt?: Date | string | null
  }>
}

const iso = (value: Date | string) => new Date(value).toISOString()

const readOverview = createIsomorphicFn()
  .server(async (): Promise<RawOverview> => {
    const { auth } = await headmark()
    const headers = new Headers(getRequestHeaders())
    const session = await auth.api.getSession({ headers })
    if (!session) return { session: null, sessions: [], accounts: [], passkeys: [] }
    const [sessions, accounts, passkeys] = await Promise.all([
      auth.api.listSessions({ headers }),
      auth.api.listUserAccounts({ headers }),
      auth.api.listPasskeys({ headers }),
    ])
    return { session, sessions, accounts, passkeys } as RawOverview
  })
  .client(async (): Promise<RawOverview> => {
    const session = await readAuth<RawOverview['session']>('/api/auth/get-session')
    if (!session) return { session: null, sessions: [], accounts: [], passkeys: [] }
    const [sessions, accounts, passkeys] = await Promise.all([
      readAuth<RawSession[]>('/api/auth/list-sessions'),
      readAuth<RawOverview['accounts']>('/api/auth/list-accounts'),
      readAuth<RawOverview['passkeys']>('/api/auth/passkey/list-user-passkeys'),
    ])
    return { session, sessions, accounts, passkeys }
  })

/** A GET of better-auth's: its JSON, or the app's error for a refusal (a 401 signs out). */
async function readAuth<T>(path: string): Promise<T> {
  const response = await fetch(path, { credentials: 'same-origin' })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string }
    throw new ORPCError(response.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST', {
      status: response.status,
      message: body.message || 'Your account could not be loaded.',
    })
  }
  return (await response.json()) as T
}

export const accountKeys = { overview: ['account', 'overview'] as const }

/** Everything the account screen shows: profile, security and the signed-in devices. */
export const accountQuery = () =>
  queryOptions({
    queryKey: accountKeys.overview,
    queryFn: async (): Promise<AccountOverview> => {
      const raw = await readOverview()
      if (!raw.session) {
        throw new ORPCError('UNAUTHORIZED', {
          status: 401,
          message: 'Sign in to see your account.',
        })
      }
      const { user, session } = raw.session
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image ?? null,
          twoFactorEnabled: user.twoFactorEnabled === true,
        },
        currentSessionId: session.id,
        hasPassword: raw.accounts.some((account) => account.providerId === 'credential'),
        sessions: raw.sessions
          .map(({ id, userAgent, ipAddress, createdAt, updatedAt }) => ({
            id,
            userAgent: userAgent ?? null,
            ipAddress: ipAddress ?? null,
            createdAt: iso(createdAt),
            updatedAt: iso(updatedAt),
          }))
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
        passkeys: raw.passkeys.map(({ id, name, deviceType, createdAt }) => ({
          id,
          name: name ?? null,
          deviceType,
          createdAt: createdAt ? iso(createdAt) : null,
        })),
      }
    },
  })

/** The token of one of the person's sessions, read now (better-auth ends sessions by token). */
export async function sessionToken(sessionId: string): Promise<string> {
  const sessions = await readAuth<RawSession[]>('/api/auth/list-sessions')
  const token = sessions.find((session) => session.id === sessionId)?.token
  if (!token) {
    throw new ORPCError('NOT_FOUND', { status: 404, message: 'This session has already ended.' })
  }
  return token
}

/** After a change of the account: the screen and the signed-in user (name in the menu) anew. */
export async function invalidateAccount(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.overview }),
    queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  ])
}
