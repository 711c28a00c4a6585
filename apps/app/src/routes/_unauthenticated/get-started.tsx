import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { type AuthMode, AuthPanel } from '../../components/auth/auth-panel.tsx'

const searchSchema = z.object({
  mode: z.enum(['sign-up', 'sign-in', 'magic-link']).optional().catch(undefined),
})

export const Route = createFileRoute('/_unauthenticated/get-started')({
  validateSearch: searchSchema,
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
