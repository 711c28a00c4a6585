import { formSchemas } from '~/lib/form-schemas.ts'
import { Field, Switch, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { HostnameField } from './create-site-form.tsx'
import { invalidateSiteData, type Site } from './queries.ts'

/** Name, hostname, title template and whether the public API needs a key. */
export function SiteSettingsForm({
  organizationSlug,
  site,
}: {
  organizationSlug: string
  site: Site
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const update = useInlineMutation(
    orpc.sites.update.mutationOptions({
      onSuccess: async (saved) => {
        // What was sent is shown as the server stored it (e.g. a pasted URL as its hostname).
        form.setValue('hostname', saved.hostname)
        form.setValue('titleTemplate', saved.titleTemplate ?? '')
        toast.success('Site settings saved.')
        if (saved.hostname !== site.hostname) {
          // The hostname is in the address: follow the site to its new one, and forget the old.
          await navigate({
            to: '/app/organizations/$organizationSlug/sites/$siteHostname/edit',
            params: { organizationSlug, siteHostname: saved.hostname },
            replace: true,
          })
          queryClient.removeQueries({
            queryKey: orpc.sites.get.key({
              input: { organizationSlug, siteHostname: site.hostname },
            }),
          })
        }
        await invalidateSiteData(queryClient)
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.updateSiteInput,
    defaultValues: {
      name: site.name,
      hostname: site.hostname,
      titleTemplate: site.titleTemplate ?? '',
      requireApiKey: site.requireApiKey,
    },
    submit: ({ name, hostname, titleTemplate, requireApiKey }) =>
      update.mutateAsync({
        organizationSlug,
        siteHostname: site.hostname,
        name: name.trim(),
        hostname: hostname.trim(),
        titleTemplate: titleTemplate?.trim() ? titleTemplate : null,
        requireApiKey,
      }),
    codeFields: { CONFLICT: 'hostname' },
  })

  return (
    <SchemaForm form={form} submitLabel="Save settings" aria-label="Site settings">
      <TextField form={form} name="name" label="Name" required />
      <HostnameField error={form.error('hostname')} {...form.input('hostname')} />
      <TextField
        form={form}
        name="titleTemplate"
        label="Title template"
        optional
        description="Wraps every page’s own title: %s stands for it, e.g. “%s · Acme” serves “Pricing · Acme”."
        placeholder="%s · Acme"
      />
      <Field
        label="Require an API key"
        error={form.error('requireApiKey')}
        description="When on, the public metadata API answers only requests that carry one of this site’s API keys."
      >
        <Switch
          checked={form.values.requireApiKey}
          onCheckedChange={(checked) => form.setValue('requireApiKey', checked)}
        />
      </Field>
    </SchemaForm>
  )
}
