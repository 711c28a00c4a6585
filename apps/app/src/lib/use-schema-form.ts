import { revalidateLogic, standardSchemaValidators, useForm, useStore } from '@tanstack/react-form'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { formErrors } from './form-errors.ts'

/**
 * A procedure's input schema that loads once the screen answers clicks and keys: the validation
 * library (about 27 KB gzipped) is not part of what a screen needs to become usable. A form
 * typed into before it has loaded waits for it when it is sent.
 *
 * @example
 * const schema = lazySchema(() => import('@headmark/api/shared').then((m) => m.updateSiteInput))
 */
export interface LazySchema<S extends z.ZodObject> {
  load: () => Promise<S>
}

/** Wraps a dynamic import of a schema; the import runs once, however many forms use it. */
export function lazySchema<S extends z.ZodObject>(load: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined
  return {
    load: () => {
      loading ??= load().catch((error: unknown) => {
        // A failed download (the network went away) is tried again at the next attempt.
        loading = undefined
        throw error
      })
      return loading
    },
  }
}

function isLazy<S extends z.ZodObject>(schema: S | LazySchema<S>): schema is LazySchema<S> {
  return typeof (schema as Partial<LazySchema<S>>).load === 'function'
}

// An interface has no index signature: any object type of field values.
type Values = object

/**
 * The schema's output for the form's own fields (trimmed, lowercased… as the server parses them).
 * A field the procedure takes as optional is always there: the form has a value for it.
 */
export type SchemaValues<S extends z.ZodObject, V extends Values> = {
  [K in keyof V]: K extends keyof z.output<S> ? Exclude<z.output<S>[K], undefined> : V[K]
}

export interface SchemaFormOptions<S extends z.ZodObject, V extends Values> {
  /**
   * The procedure's own input schema (from `@headmark/api/shared/forms`): the form checks the
   * fields it has (the keys of `defaultValues`) with it, so it says what the server would.
   * A `lazySchema` keeps the validation library out of what the screen loads first.
   */
  schema: S | LazySchema<S>
  defaultValues: V
  /**
   * Sends the checked values. A rejection lands on the form: the server's per-field issues on
   * their field, a code listed in `codeFields` on that field, anything else above the form.
   */
  submit: (values: SchemaValues<S, V>) => Promise<unknown>
  /** Error codes that concern one field, e.g. `{ CONFLICT: 'hostname' }` (others' fields are ignored). */
  codeFields?: Partial<Record<string, string>>
}

export type ShownErrors<V extends Values> = Partial<Record<(keyof V & string) | 'form', string>>

// A field nothing has touched yet has no meta in TanStack Form's store: start from this one.
const UNTOUCHED = {
  isValidating: false,
  isTouched: false,
  isBlurred: false,
  isDirty: false,
  isPristine: true,
  isValid: true,
  isDefaultValue: true,
  errors: [],
  errorMap: {},
  errorSourceMap: {},
}

/** The first message of a field's errors, whatever their shape (text, Standard Schema issues). */
function firstMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors.flat()) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error) {
      const { message } = error as { message: unknown }
      if (typeof message === 'string' && message) return message
    }
  }
  return undefined
}

/**
 * One form, on TanStack Form, checked with the procedure's input schema: on submit first, then
 * as the person types. A failed call puts the server's messages on their fields (or above the
 * form); a field's server message goes as soon as that field changes. `onSubmit` prevents the
 * browser's own submission, which the early-submit script relies on.
 *
 * @example
 * const form = useSchemaForm({
 *   schema: createSiteInput,
 *   defaultValues: { name: '', hostname: '' },
 *   submit: (values) => create.mutateAsync({ organizationSlug, ...values }),
 *   codeFields: { CONFLICT: 'hostname' },
 * })
 * <form onSubmit={form.onSubmit} noValidate>
 *   <FormAlert message={form.formError} />
 *   <Field label="Name" error={form.error('name')}><Input {...form.input('name')} /></Field>
 * </form>
 */
export function useSchemaForm<S extends z.ZodObject, V extends Values>({
  schema,
  defaultValues,
  submit,
  codeFields = {},
}: SchemaFormOptions<S, V>) {
  type Name = keyof V & string
  const [names] = useState(() => Object.keys(defaultValues) as Name[])
  // The schema of the form's own fields, once it is there (at once unless it loads lazily).
  const pick = (whole: S) =>
    whole.pick(Object.fromEntries(names.map((name) => [name, true])) as never) as z.ZodObject
  const fieldSchema = useRef<z.ZodObject | null>(isLazy(schema) ? null : pick(schema))
  const schemaSource = useRef(schema)
  const ready = useCallback(async (): Promise<z.ZodObject> => {
    const source = schemaSource.current
    fieldSchema.current ??= pick(isLazy(source) ? await source.load() : source)
    return fieldSchema.current
    // `pick` reads `names`, fixed for the form's life.
  }, [])
  useEffect(() => {
    if (fieldSchema.current) return
    // After the screen has become usable: not part of what it loads first.
    const timer = setTimeout(() => void ready().catch(() => undefined), 0)
    return () => clearTimeout(timer)
  }, [ready])
  const [formError, setFormError] = useState<string | null>(null)

  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      // The form is only checked once it is sent, and it is sent once the schema is there.
      onDynamic: ({ value }) =>
        fieldSchema.current
          ? standardSchemaValidators.validate(
              { value, validationSource: 'form' },
              fieldSchema.current,
            )
          : undefined,
    },
    onSubmit: async ({ value }) => {
      try {
        await submit((await ready()).parse(value) as SchemaValues<S, V>)
      } catch (error) {
        show(formErrors(error, names, codeFields as Partial<Record<string, Name>>))
      }
    },
  })

  const values = useStore(form.store, (state) => state.values as V)
  const fieldMeta = useStore(form.store, (state) => state.fieldMeta)
  const pending = useStore(form.store, (state) => state.isSubmitting)

  /** Shows messages from elsewhere (e.g. a server function's answer) on fields and the form. */
  function show(errors: ShownErrors<V>) {
    for (const name of names) {
      const message = errors[name]
      const current = form.getFieldMeta(name as never)
      if (current?.errorMap.onServer === message) continue
      form.setFieldMeta(name as never, (meta = UNTOUCHED as never) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onServer: message },
      }))
    }
    setFormError(errors.form ?? null)
  }

  /** Sets a field's value (a change a person made): its server message goes. Stable. */
  const setValue = useCallback(
    <N extends Name>(name: N, value: V[N]) => {
      if (form.getFieldMeta(name as never)?.errorMap.onServer) {
        form.setFieldMeta(name as never, (meta) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onServer: undefined },
        }))
      }
      if (form.getFieldValue(name as never) !== value)
        form.setFieldValue(name as never, value as never)
    },
    [form],
  )

  return {
    /** The TanStack Form instance, for what this hook does not cover. */
    form,
    values,
    pending,
    /** The message for the whole form (a server error that concerns no field), or null. */
    formError,
    /** The field's first message, the client's check or the server's answer. */
    error: (name: Name): string | undefined => firstMessage(fieldMeta[name]?.errors ?? []),
    setValue,
    /** Props for a text control (Input, Textarea) bound to the field. */
    input: (name: Name) => ({
      name,
      value: String(values[name] ?? ''),
      onChange: (event: { currentTarget: { value: string } }) =>
        setValue(name, event.currentTarget.value as V[Name]),
    }),
    show,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      // What the server said about the last attempt goes; the fields are checked again, with the
      // schema (loaded by now, or awaited: a download that fails is said above the form).
      show({})
      ready().then(
        () => form.handleSubmit(),
        (error: unknown) => show(formErrors(error, names, {})),
      )
    },
  }
}

/**
 * Props for a field typed exactly as written (a path, a slug, a hostname, an address): no
 * capital letter, spelling check or autofill of the browser's, left to right in any language.
 */
export const VERBATIM_INPUT = {
  autoCapitalize: 'none',
  autoComplete: 'off',
  spellCheck: false,
  dir: 'ltr',
} as const
