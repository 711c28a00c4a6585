import { Button, Field, Input } from '@headmark/ui'
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

/** What `TextField` needs of `useSchemaForm`'s answer. */
interface TextFieldForm<Name extends string> {
  error: (name: Name) => string | undefined
  input: (name: Name) => {
    name: string
    value: string
    onChange: (event: { currentTarget: { value: string } }) => void
  }
}

type TextFieldProps<Name extends string> = Omit<
  ComponentProps<typeof Input>,
  'form' | 'name' | 'value'
> & {
  form: TextFieldForm<Name>
  name: Name
  label: ReactNode
  description?: ReactNode
  required?: boolean
  optional?: boolean
}

/**
 * A labelled text field of a `useSchemaForm` form: its message (the schema's or the server's)
 * under it, its value bound to the form. Other props go to the `Input`.
 *
 * @example
 * <TextField form={form} name="name" label="Name" required autoComplete="organization" />
 */
export function TextField<Name extends string>({
  form,
  name,
  label,
  description,
  required,
  optional,
  ...props
}: TextFieldProps<Name>) {
  return (
    <Field
      label={label}
      description={description}
      required={required}
      optional={optional}
      error={form.error(name)}
    >
      <Input {...form.input(name)} {...props} />
    </Field>
  )
}

/** The required e-mail address of a form whose schema has an `email` field. */
export function EmailField(props: Omit<TextFieldProps<'email'>, 'name' | 'label'>) {
  return (
    <TextField name="email" label="E-mail" required type="email" autoComplete="email" {...props} />
  )
}

/** The required password of a form whose schema has a `password` field. */
export function PasswordField(props: Omit<TextFieldProps<'password'>, 'name' | 'label'>) {
  return <TextField name="password" label="Password" required type="password" {...props} />
}
