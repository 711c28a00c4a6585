import { AUTH_CODE_FIELDS, MIN_PASSWORD_LENGTH, signUpInput } from '@headmark/api/shared'
import { useState } from 'react'
import { authClient } from '~/lib/auth-client.ts'
import { EmailField, PasswordField, SchemaForm, TextField } from '~/components/schema-form.tsx'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { authCall } from './auth-call.ts'
import { CheckInbox } from './form-alert.tsx'

/** The e-mail confirmation link signs the new user in and opens `destination`. */
export function SignUpForm({ destination }: { destination: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useSchemaForm({
    schema: signUpInput,
    defaultValues: { name: '', email: '', password: '' },
    submit: async (values) => {
      await authCall(authClient.signUp.email({ ...values, callbackURL: destination }))
      setSentTo(values.email)
    },
    codeFields: AUTH_CODE_FIELDS,
  })
  if (sentTo) return <CheckInbox email={sentTo} what="a link to confirm your e-mail address" />
  return (
    // POST: a submission before the page has hydrated must not put the password in the address.
    <SchemaForm form={form} submitLabel="Create account" method="post">
      <TextField form={form} name="name" label="Name" required autoComplete="name" />
      <EmailField form={form} />
      <PasswordField
        form={form}
        description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
      />
    </SchemaForm>
  )
}
