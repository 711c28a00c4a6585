import { formSchemas } from '~/lib/form-schemas.ts'
import { Field, Input } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { ComponentProps } from 'react'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { previewHostname } from './hostname.ts'
import { invalidateSiteData, type Site } from './queries.ts'

export interface CreateSiteFormProps {
  organizationSlug: string
  /** Where to go once the site exists; by default, the new site's overview. */
  onCreated?: (site: Site) => Promise<void>
}

export function CreateSiteForm({ organizationSlug, onCreated }: CreateSiteFormProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const create = useInlineMutation(
    orpc.sites.create.mutationOptions({
      onSuccess: async (site) => {
        await invalidateSiteData(queryClient)
        if (onCreated) return onCreated(site)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname',
          params: { organizationSlug, siteHostname: site.hostname },
        })
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.createSiteInput,
    defaultValues: { name: '', hostname: '' },
    submit: ({ name, hostname }) =>
      create.mutateAsync({ organizationSlug, name: name.trim(), hostname: hostname.trim() }),
    codeFields: { CONFLICT: 'hostname' },
  })

  return (
    <SchemaForm form={form} submitLabel="Create site">
      <TextField form={form} name="name" label="Name" required autoComplete="off" />
      <HostnameField
        error={form.error('hostname')}
        {...form.input('hostname')}
        autoComplete="off"
      />
    </SchemaForm>
  )
}

/** The hostname's field: what a pasted address is stored as, e.g. `https://Acme.COM/x` → acme.com. */
export function HostnameField({
  error,
  ...input
}: ComponentProps<typeof Input> & { value: string; error: string | undefined }) {
  const preview = previewHostname(input.value)
  return (
    <Field
      label="Hostname"
      required
      error={error}
      description={
        preview && preview !== input.value.trim() ? (
          <>
            Will be saved as <strong className="mono">{preview}</strong>.
          </>
        ) : (
          <>
            The site’s domain. A pasted address such as https://Acme.COM/pricing is saved as
            acme.com.
          </>
        )
      }
    >
      <Input
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        placeholder="acme.com"
        {...input}
      />
    </Field>
  )
}
