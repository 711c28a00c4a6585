import { AUTH_CODE_FIELDS, signInInput } from '@headmark/api/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { authClient } from '~/lib/auth-client.ts'
import { EmailField, PasswordField, SchemaForm } from '~/components/schema-form.tsx'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { AuthError, authCall } from './auth-call.ts'

const UNCONFIRMED_MESSAGE =
  'Confirm your e-mail address first: we have sent you a new link that signs you in.'

/** Signs in and opens `destination`. */
export function SignInForm({ destination }: { destination: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useSchemaForm({
    schema: signInInput,
    defaultValues: { email: '', password: '' },
    submit: async (values) => {
      try {
        // The destination is also where the confirmation link leads, should the account not be
        // confirmed yet: better-auth then sends a fresh one.
        await authCall(authClient.signIn.email({ ...values, callbackURL: destination }))
      } catch (error) {
        if (error instanceof AuthError && error.code === 'EMAIL_NOT_VERIFIED') {
          throw new AuthError({ ...error, message: UNCONFIRMED_MESSAGE })
        }
        throw error
      }
      // A new session: nothing cached for whoever was here before may show.
      queryClient.clear()
      await navigate({ href: destination })
    },
    codeFields: AUTH_CODE_FIELDS,
  })
  return (
    // POST: a submission before the page has hydrated must not put the password in the address.
    <SchemaForm form={form} submitLabel="Sign in" method="post">
      <EmailField form={form} />
      <PasswordField form={form} autoComplete="current-password" />
    </SchemaForm>
  )
}
