import { Button, Field, Input } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { authClient } from '../../lib/auth-client.ts'
import { FormAlert } from './form-alert.tsx'
import { useAuthForm } from './use-auth-form.ts'

/** Signs in and opens `destination`. */
export function SignInForm({ destination }: { destination: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useAuthForm(
    { email: '', password: '' },
    (values) => authClient.signIn.email(values),
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
