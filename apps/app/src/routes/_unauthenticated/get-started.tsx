import { createFileRoute } from '@tanstack/react-router'
import { type AuthMode, AuthPanel } from '../../components/auth/auth-panel.tsx'

const MODES: readonly string[] = ['sign-up', 'sign-in', 'magic-link'] satisfies AuthMode[]

/** `?mode=` names a tab of the panel; anything else reads as no mode. (A plain function: the
 * route's search validation is in every page's bundle, a schema library would be too.) */
function validateSearch(search: Record<string, unknown>): { mode?: AuthMode } {
  return typeof search.mode === 'string' && MODES.includes(search.mode)
    ? { mode: search.mode as AuthMode }
    : {}
}

export const Route = createFileRoute('/_unauthenticated/get-started')({
  validateSearch,
  head: () => ({ meta: [{ title: 'Get started — Headmark' }] }),
  component: GetStarted,
})

function GetStarted() {
  const { mode } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <section className="page page-narrow">
      <h1>Get started</h1>
      <p className="lead">Create an account, or sign in to the one you have.</p>
      <AuthPanel
        mode={mode ?? 'sign-up'}
        onModeChange={(next: AuthMode) => navigate({ search: { mode: next }, replace: true })}
      />
    </section>
  )
}
