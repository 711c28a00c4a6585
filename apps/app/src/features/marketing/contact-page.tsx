import type { ContactResult } from '@headmark/api/shared'
import { Button, Field, Input, Textarea } from '@headmark/ui'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { submitContact } from './contact-submit.ts'

type FieldErrors = Extract<ContactResult, { status: 'invalid' }>['errors']

/** A message to the people who run this Headmark instance. */
export function ContactPage() {
  const [errors, setErrors] = useState<FieldErrors>({})
  const send = useMutation({
    mutationFn: (fields: Record<string, string>) => submitContact({ data: fields }),
    meta: { inlineErrors: true },
    onSuccess: (result) => setErrors(result.status === 'invalid' ? result.errors : {}),
  })
  const result = send.data

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const fields = Object.fromEntries(
      ['name', 'email', 'message', 'website'].map((key) => [key, String(form.get(key) ?? '')]),
    )
    send.mutate(fields)
  }

  return (
    <div className="marketing mk-prose">
      <header className="mk-header">
        <h1>Contact</h1>
        <p className="lead">
          Questions about plans, an integration or your account: write to the people who run this
          Headmark instance. We answer by e-mail.
        </p>
      </header>
      {result?.status === 'sent' ? (
        <p className="form-notice" role="status">
          Thank you — your message is on its way. We will answer at the address you gave.
        </p>
      ) : (
        // POST: a submission before the page has hydrated must not put the message in the URL.
        <form className="mk-form" method="post" onSubmit={onSubmit} noValidate>
          {result?.status === 'rate-limited' ? (
            <p className="form-alert" role="alert">
              You have sent several messages in a short time. Try again in{' '}
              {Math.ceil(result.retryAfterSeconds / 60)} minutes.
            </p>
          ) : null}
          {result?.status === 'unavailable' ? (
            <p className="form-alert" role="alert">
              Your message could not be sent right now: the mail server did not answer. Try again in
              a few minutes; your text is still here.
            </p>
          ) : null}
          {send.isError ? (
            <p className="form-alert" role="alert">
              Your message could not be sent. Try again in a moment.
            </p>
          ) : null}
          <Field label="Name" error={errors.name} required>
            <Input name="name" autoComplete="name" maxLength={100} />
          </Field>
          <Field label="E-mail" error={errors.email} required>
            <Input name="email" type="email" autoComplete="email" maxLength={254} />
          </Field>
          <Field label="Message" error={errors.message} required>
            <Textarea name="message" rows={6} maxLength={5000} />
          </Field>
          <div className="mk-honeypot" aria-hidden="true">
            <label>
              Leave this empty
              <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <Button type="submit" variant="primary" loading={send.isPending}>
            Send message
          </Button>
        </form>
      )}
    </div>
  )
}
