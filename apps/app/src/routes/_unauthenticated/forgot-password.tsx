import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordForm } from '~/features/auth/password-reset.tsx'

export const Route = createFileRoute('/_unauthenticated/forgot-password')({
  head: () => ({ meta: [{ title: 'Forgot password — Headmark' }] }),
  component: ForgotPassword,
})

function ForgotPassword() {
  return (
    <section className="page page-narrow">
      <h1>Forgot your password?</h1>
      <p className="lead">We will e-mail you a link to choose a new one.</p>
      <ForgotPasswordForm />
    </section>
  )
}
