import { Button, Checkbox, Field, Input, Textarea } from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { orpc } from '~/lib/orpc.ts'

type Errors = { url?: string; description?: string; form?: string }

export interface WebhookFormValues {
  url: string
  description: string
  legacyBearer: boolean
}

/** Creates a webhook (no `webhookId`) or edits one. The server checks the URL again. */
export function WebhookForm({
  organizationSlug,
  siteHostname,
  webhookId,
  initial = { url: `https://${siteHostname}/api/headmark`, description: '', legacyBearer: false },
}: {
  organizationSlug: string
  siteHostname: string
  webhookId?: string
  initial?: WebhookFormValues
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState<WebhookFormValues>(initial)
  const [errors, setErrors] = useState<Errors>({})

  const onError = (error: unknown) => {
    if (!(error instanceof ORPCError)) return
    if (error.code !== 'BAD_REQUEST') return setErrors({ form: error.message })
    const issues = (error.data as { issues?: Array<{ path?: unknown[]; message: string }> })?.issues
    const next: Errors = {}
    for (const issue of issues ?? []) {
      const key = issue.path?.[0]
      if (key === 'url' || key === 'description') next[key] ??= issue.message
    }
    if (!next.url && !next.description) next.form = error.message
    setErrors(next)
  }
  const done = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() })
    await navigate({
      to: '/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId',
      params: { organizationSlug, siteHostname, webhookId: id },
    })
  }
  const create = useMutation({
    ...orpc.webhooks.create.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (created) => done(created.id),
    onError,
  })
  const update = useMutation({
    ...orpc.webhooks.update.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: (updated) => done(updated.id),
    onError,
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const url = values.url.trim()
    if (!url) return setErrors({ url: 'Enter the URL that receives the webhooks.' })
    setErrors({})
    const body = { url, description: values.description.trim(), legacyBearer: values.legacyBearer }
    if (webhookId) update.mutate({ organizationSlug, webhookId, ...body })
    else create.mutate({ organizationSlug, siteHostname, ...body })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate>
      {errors.form ? (
        <p className="form-alert" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Field
        label="URL"
        required
        error={errors.url}
        description={`On ${siteHostname} or one of its subdomains; https:// in production.`}
      >
        <Input
          name="url"
          type="url"
          inputMode="url"
          value={values.url}
          onChange={(event) => setValues({ ...values, url: event.currentTarget.value })}
        />
      </Field>
      <Field label="Description" optional error={errors.description}>
        <Textarea
          name="description"
          limit={500}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
        />
      </Field>
      <Field
        label="Also send the secret as a bearer token (legacy)"
        description="Only for receivers that check Authorization: Bearer instead of the signature."
      >
        <Checkbox
          name="legacyBearer"
          checked={values.legacyBearer}
          onCheckedChange={(checked) => setValues({ ...values, legacyBearer: checked === true })}
        />
      </Field>
      <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
        {webhookId ? 'Save webhook' : 'Create webhook'}
      </Button>
    </form>
  )
}
