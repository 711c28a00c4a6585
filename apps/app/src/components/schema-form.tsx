import { Button } from '@headmark/ui'
import type { ComponentProps, FormEvent, ReactNode } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'

/** What `SchemaForm` needs of `useSchemaForm`'s answer. */
interface FormState {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  formError: string | null
  pending: boolean
}

/**
 * The frame of a form made with `useSchemaForm`: the message for the whole form above its
 * fields, the submit button below them (busy while the call runs). The browser checks nothing
 * itself: the schema does.
 *
 * @example
 * <SchemaForm form={form} submitLabel="Create site">
 *   <Field label="Name" error={form.error('name')}><Input {...form.input('name')} /></Field>
 * </SchemaForm>
 */
export function SchemaForm({
  form,
  submitLabel,
  submitDisabled,
  className = 'form-stack',
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: FormState
  submitLabel: ReactNode
  submitDisabled?: boolean
}) {
  return (
    <form onSubmit={form.onSubmit} className={className} noValidate {...props}>
      <FormAlert message={form.formError} />
      {children}
      <Button type="submit" variant="primary" loading={form.pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </form>
  )
}
