import type { createWebhookInput, updateWebhookInput } from '@headmark/api/shared'
import { formSchemas } from '~/lib/form-schemas.ts'
import { Checkbox, Field, Input, Textarea } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { type LazySchema, useSchemaForm } from '~/lib/use-schema-form.ts'

export interface WebhookFormValues {
  url: string
  description: string
  legacyBearer: boolean
  /** Deliveries per second at most; null: as fast as the receiver answers. */
  throttle: number | null
}

/** Creates a webhook (no `webhookId`) or edits one. The server checks the URL again. */
export function WebhookForm({
  organizationSlug,
  siteHostname,
  webhookId,
  initial = {
    url: `https://${siteHostname}/api/headmark`,
    description: '',
    legacyBearer: false,
    throttle: null,
  },
}: {
  organizationSlug: string
  siteHostname: string
  webhookId?: string
  initial?: WebhookFormValues
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const done = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() })
    await navigate({
      to: '/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId',
      params: { organizationSlug, siteHostname, webhookId: id },
    })
  }
  const create = useInlineMutation(
    orpc.webhooks.create.mutationOptions({
      onSuccess: (created) => done(created.id),
    }),
  )
  const update = useInlineMutation(
    orpc.webhooks.update.mutationOptions({
      onSuccess: (updated) => done(updated.id),
    }),
  )
  const form = useSchemaForm({
    schema: (webhookId
      ? formSchemas.updateWebhookInput
      : formSchemas.createWebhookInput) as LazySchema<
      typeof updateWebhookInput | typeof createWebhookInput
    >,
    defaultValues: initial,
    submit: (values) =>
      webhookId
        ? update.mutateAsync({ organizationSlug, webhookId, ...values })
        : create.mutateAsync({ organizationSlug, siteHostname, ...values }),
  })

  return (
    <SchemaForm form={form} submitLabel={webhookId ? 'Save webhook' : 'Create webhook'}>
      <TextField
        form={form}
        name="url"
        label="URL"
        required
        description="Any public https:// address: your API, a preview deployment, a serverless function. http://localhost works while this server allows loopback (WEBHOOKS_ALLOW_LOOPBACK, on in development)."
        type="url"
        inputMode="url"
      />
      <Field label="Description" optional error={form.error('description')}>
        <Textarea {...form.input('description')} limit={500} />
      </Field>
      <Field
        label="Rate limit (deliveries per second)"
        optional
        description="For a receiver that can take only so many at once. Empty: as fast as it answers."
        error={form.error('throttle')}
      >
        <Input
          name="throttle"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={form.values.throttle === null ? '' : String(form.values.throttle)}
          onChange={(event) =>
            form.setValue('throttle', event.target.value === '' ? null : Number(event.target.value))
          }
        />
      </Field>
      <Field
        label="Also send the secret as a bearer token (legacy)"
        description="Only for receivers that check Authorization: Bearer instead of the signature."
      >
        <Checkbox
          name="legacyBearer"
          checked={form.values.legacyBearer}
          onCheckedChange={(checked) => form.setValue('legacyBearer', checked === true)}
        />
      </Field>
    </SchemaForm>
  )
}
