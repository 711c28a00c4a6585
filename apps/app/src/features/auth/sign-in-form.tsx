import { Button, Field, Input } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { authClient } from '~/lib/auth-client.ts'
import { FormAlert } from './form-alert.tsx'
import { useAuthForm } from './use-auth-form.ts'

const UNCONFIRMED_MESSAGE =
  'Confirm your e-mail address first: we have sent you a new link that signs you in.'

/** Signs in and opens `destination`. */
export function SignInForm({ destination }: { destination: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useAuthForm(
    { email: '', password: '' },
    async (values) => {
      // The destination is also where the confirmation link leads, should the account not be
      // confirmed yet: better-auth then sends a fresh one.
      const result = await authClient.signIn.email({ ...values, callbackURL: destination })
      if (result.error?.code !== 'EMAIL_NOT_VERIFIED') return result
      return { error: { ...result.error, message: UNCONFIRMED_MESSAGE } }
    },
    async () => {
      // A new session: nothing cached for whoever was here before may show.
      queryClient.clear()
      await navigate({ href: destination })
    },
  )
  return (
    // POST: a submission before the page has hydrated must not put the password in the address.
    <form method="post" onSubmit={form.onSubmit} className="form-stack">
      <FormAlert message={form.error} />
      <Field label="E-mail" required>
        <Input {...form.field('email')} type="email" autoComplete="email" required />
      </Field>
      <Field label="Password" required>
        <Input
          {...form.field('password')}
          type="password"
          autoComplete="current-password"
          required
        />
      </Field>
      <Button type="submit" variant="primary" loading={form.pending}>
        Sign in
      </Button>
    </form>
  )
}
