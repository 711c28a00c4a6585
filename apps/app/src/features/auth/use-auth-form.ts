import { type FormEvent, useState } from 'react'

export interface AuthResult {
  error?: { message?: string | undefined; status?: number } | null
}

/** Submit state shared by the sign-up, sign-in and magic-link forms. */
export function useAuthForm<T extends Record<string, string>>(
  initial: T,
  submit: (values: T) => Promise<AuthResult>,
  onSuccess: (values: T) => void | Promise<void>,
) {
  const [values, setValues] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    setError(null)
    try {
      const result = await submit(values)
      if (result.error) {
        setError(result.error.message || 'That did not work. Check the form and try again.')
        return
      }
      await onSuccess(values)
    } catch (cause) {
      console.error(cause)
      setError('The server could not be reached. Check your connection and try again.')
    } finally {
      setPending(false)
    }
  }

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value
      setValues((current) => ({ ...current, [name]: value }))
    },
  })

  return { values, error, pending, onSubmit, field }
}
