import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordForm } from '~/features/auth/password-reset.tsx'

interface ResetSearch {
  /** From the e-mailed link, through better-auth's /reset-password/:token. */
  token?: string
  /** better-auth's INVALID_TOKEN when the link was used, expired or made up. */
  error?: string
}

/** Plain function: the route's search validation is in every page's bundle. */
function validateSearch(search: Record<string, unknown>): ResetSearch {
  return {
    ...(typeof search.token === 'string' && search.token.length <= 200
      ? { token: search.token }
      : {}),
    ...(typeof search.error === 'string' ? { error: search.error.slice(0, 40) } : {}),
  }
}

export const Route = createFileRoute('/_unauthenticated/reset-password')({
  validateSearch,
  head: () => ({
    meta: [
      { title: 'Choose a new password — Headmark' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: ResetPassword,
})

function ResetPassword() {
  const { token, error } = Route.useSearch()
  return (
    <section className="page page-narrow">
      <h1>Choose a new password</h1>
      <ResetPasswordForm token={error ? undefined : token} />
    </section>
  )
}
