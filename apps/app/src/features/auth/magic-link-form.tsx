import { Button, Field, Input } from '@headmark/ui'
import { useState } from 'react'
import { authClient } from '~/lib/auth-client.ts'
import { CheckInbox, FormAlert } from './form-alert.tsx'
import { useAuthForm } from './use-auth-form.ts'

/** The e-mailed link signs the user in and opens `destination`. */
export function MagicLinkForm({ destination }: { destination: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useAuthForm(
    { email: '' },
    (values) => authClient.signIn.magicLink({ email: values.email, callbackURL: destination }),
    (values) => setSentTo(values.email),
  )
  if (sentTo) return <CheckInbox email={sentTo} what="a sign-in link" />
  return (
    // POST: a submission before the page has hydrated must not put the address in the URL.
    <form method="post" onSubmit={form.onSubmit} className="form-stack">
      <FormAlert message={form.error} />
      <Field label="E-mail" required description="We will e-mail you a link that signs you in.">
        <Input {...form.field('email')} type="email" autoComplete="email" required />
      </Field>
      <Button type="submit" variant="primary" loading={form.pending}>
        Send magic link
      </Button>
    </form>
  )
}
