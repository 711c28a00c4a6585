import { Button, Field, Input } from '@headmark/ui'
import { useState } from 'react'
import { authClient } from '~/lib/auth-client.ts'
import { CheckInbox, FormAlert } from './form-alert.tsx'
import { useAuthForm } from './use-auth-form.ts'

export const MIN_PASSWORD_LENGTH = 8

/** The e-mail confirmation link signs the new user in and opens `destination`. */
export function SignUpForm({ destination }: { destination: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useAuthForm(
    { name: '', email: '', password: '' },
    (values) => authClient.signUp.email({ ...values, callbackURL: destination }),
    (values) => setSentTo(values.email),
  )
  if (sentTo) return <CheckInbox email={sentTo} what="a link to confirm your e-mail address" />
  return (
    // POST: a submission before the page has hydrated must not put the password in the address.
    <form method="post" onSubmit={form.onSubmit} className="form-stack" noValidate={false}>
      <FormAlert message={form.error} />
      <Field label="Name" required>
        <Input {...form.field('name')} autoComplete="name" required />
      </Field>
      <Field label="E-mail" required>
        <Input {...form.field('email')} type="email" autoComplete="email" required />
      </Field>
      <Field label="Password" required description={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <Input
          {...form.field('password')}
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
      </Field>
      <Button type="submit" variant="primary" loading={form.pending}>
        Create account
      </Button>
    </form>
  )
}
