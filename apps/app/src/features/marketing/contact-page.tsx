import { contactInputSchema } from '@headmark/api/shared'
import { Button, Field, Textarea } from '@headmark/ui'
import { EmailField, TextField } from '~/components/schema-form.tsx'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { submitContact } from './contact-submit.ts'

/** A message to the people who run this Headmark instance. */
export function ContactPage() {
  const send = useInlineMutation({
    mutationFn: (fields: Record<string, string>) => submitContact({ data: fields }),
  })
  const form = useSchemaForm({
    schema: contactInputSchema,
    defaultValues: { name: '', email: '', message: '', website: '' },
    submit: async (fields) => {
      // A failed call is said above the form (send.isError), with what was typed kept.
      const result = await send.mutateAsync(fields).catch(() => null)
      if (result?.status === 'invalid') form.show(result.errors)
    },
  })
  const result = send.data

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
        <form className="mk-form" method="post" onSubmit={form.onSubmit} noValidate>
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
          <TextField
            form={form}
            name="name"
            label="Name"
            required
            autoComplete="name"
            maxLength={100}
          />
          <EmailField form={form} maxLength={254} />
          <Field label="Message" error={form.error('message')} required>
            <Textarea {...form.input('message')} rows={6} maxLength={5000} />
          </Field>
          <div className="mk-honeypot" aria-hidden="true">
            <label>
              Leave this empty
              <input {...form.input('website')} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <Button type="submit" variant="primary" loading={form.pending}>
            Send message
          </Button>
        </form>
      )}
    </div>
  )
}
