import { AUTH_CODE_FIELDS, magicLinkInput } from '@headmark/api/shared'
import { useState } from 'react'
import { authClient } from '~/lib/auth-client.ts'
import { EmailField, SchemaForm } from '~/components/schema-form.tsx'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { authCall } from './auth-call.ts'
import { CheckInbox } from './form-alert.tsx'

/** The e-mailed link signs the user in and opens `destination`. */
export function MagicLinkForm({ destination }: { destination: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useSchemaForm({
    schema: magicLinkInput,
    defaultValues: { email: '' },
    submit: async ({ email }) => {
      await authCall(authClient.signIn.magicLink({ email, callbackURL: destination }))
      setSentTo(email)
    },
    codeFields: AUTH_CODE_FIELDS,
  })
  if (sentTo) return <CheckInbox email={sentTo} what="a sign-in link" />
  return (
    // POST: a submission before the page has hydrated must not put the address in the URL.
    <SchemaForm form={form} submitLabel="Send magic link" method="post">
      <EmailField form={form} description="We will e-mail you a link that signs you in." />
    </SchemaForm>
  )
}
