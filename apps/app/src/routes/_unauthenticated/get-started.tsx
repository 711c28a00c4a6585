import { createFileRoute } from '@tanstack/react-router'
import { type AuthMode, AuthPanel } from '~/features/auth/auth-panel.tsx'
import { redirectTarget, safeRedirect } from '~/lib/redirect-target.ts'

const MODES: readonly string[] = ['sign-up', 'sign-in', 'magic-link'] satisfies AuthMode[]

interface GetStartedSearch {
  mode?: AuthMode
  /** The page of the app to open once signed in (an invitation, say): a path on this site only. */
  redirect?: string
}

/** `?mode=` names a tab of the panel; anything else reads as no mode. `?redirect=` is kept only
 * when it is a path on this site. (Plain functions: the route's search validation is in every
 * page's bundle, a schema library would be too.) */
function validateSearch(search: Record<string, unknown>): GetStartedSearch {
  const redirect = safeRedirect(search.redirect)
  return {
    ...(typeof search.mode === 'string' && MODES.includes(search.mode)
      ? { mode: search.mode as AuthMode }
      : {}),
    ...(redirect ? { redirect } : {}),
  }
}

export const Route = createFileRoute('/_unauthenticated/get-started')({
  validateSearch,
  head: () => ({ meta: [{ title: 'Get started — Headmark' }] }),
  component: GetStarted,
})

function GetStarted() {
  const { mode, redirect } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <section className="page page-narrow">
      <h1>Get started</h1>
      <p className="lead">Create an account, or sign in to the one you have.</p>
      <AuthPanel
        mode={mode ?? 'sign-up'}
        onModeChange={(next: AuthMode) =>
          navigate({ search: (current) => ({ ...current, mode: next }), replace: true })
        }
        destination={redirectTarget(redirect)}
      />
    </section>
  )
}
