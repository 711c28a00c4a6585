import { ORPCError } from '@orpc/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { authClient } from '~/lib/auth-client.ts'

/** Users per page of the admin list. */
export const ADMIN_PAGE_SIZE = 20

export interface AdminUser {
  id: string
  name: string
  email: string
  emailVerified: boolean
  role?: string | null
  banned?: boolean | null
  banReason?: string | null
  banExpires?: Date | string | null
  createdAt: Date | string
}

export interface AdminSession {
  id: string
  token: string
  createdAt: Date | string
  expiresAt: Date | string
  ipAddress?: string | null
  userAgent?: string | null
  impersonatedBy?: string | null
}

type AuthResult<T> = { data: T | null; error: { status: number; message?: string } | null }

/** better-auth answers `{ data, error }`; the app's error policy expects a thrown error. */
async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await call
  if (error || data === null) {
    const status = error?.status ?? 500
    throw new ORPCError(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', {
      status,
      message: error?.message || 'The request failed.',
    })
  }
  return data
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  sessions: (userId: string) => ['admin', 'sessions', userId] as const,
}

/** One page of users, searched by e-mail (or by name when the search has no "@"). */
export const usersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(search, page),
    queryFn: async () => {
      const term = search.trim()
      const result = await unwrap(
        authClient.admin.listUsers({
          query: {
            limit: ADMIN_PAGE_SIZE,
            offset: page * ADMIN_PAGE_SIZE,
            sortBy: 'createdAt',
            sortDirection: 'desc',
            ...(term
              ? {
                  searchValue: term,
                  searchField: term.includes('@') ? 'email' : 'name',
                  searchOperator: 'contains',
                }
              : {}),
          },
        }) as Promise<AuthResult<{ users: AdminUser[]; total: number }>>,
      )
      return result
    },
    placeholderData: keepPreviousData,
  })

export const sessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.sessions(userId),
    queryFn: async () =>
      (
        await unwrap(
          authClient.admin.listUserSessions({ userId }) as Promise<
            AuthResult<{ sessions: AdminSession[] }>
          >,
        )
      ).sessions,
  })

export const adminActions = {
  setRole: (userId: string, role: 'admin' | 'user') =>
    unwrap(authClient.admin.setRole({ userId, role }) as Promise<AuthResult<unknown>>),
  ban: (userId: string, banReason: string, banExpiresInDays: number | null) =>
    unwrap(
      authClient.admin.banUser({
        userId,
        banReason: banReason || undefined,
        banExpiresIn: banExpiresInDays ? banExpiresInDays * 24 * 60 * 60 : undefined,
      }) as Promise<AuthResult<unknown>>,
    ),
  unban: (userId: string) =>
    unwrap(authClient.admin.unbanUser({ userId }) as Promise<AuthResult<unknown>>),
  impersonate: (userId: string) =>
    unwrap(authClient.admin.impersonateUser({ userId }) as Promise<AuthResult<unknown>>),
  stopImpersonating: () =>
    unwrap(authClient.admin.stopImpersonating() as Promise<AuthResult<unknown>>),
  revokeSession: (sessionToken: string) =>
    unwrap(authClient.admin.revokeUserSession({ sessionToken }) as Promise<AuthResult<unknown>>),
  remove: (userId: string) =>
    unwrap(authClient.admin.removeUser({ userId }) as Promise<AuthResult<unknown>>),
}
