import { formSchemas } from '~/lib/form-schemas.ts'
import { Field, Input, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm, VERBATIM_INPUT } from '~/lib/use-schema-form.ts'
import { forgetOrganizationSlug, invalidateOrganizations, type Organization } from './queries.ts'

/** The organization's name and slug; a new slug moves every address, and the old ones redirect. */
export function OrganizationSettingsForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const router = useRouter()

  const update = useInlineMutation(
    orpc.organizations.update.mutationOptions({
      onSuccess: async (saved) => {
        toast.success('Organization settings saved.')
        await invalidateOrganizations(queryClient)
        if (saved.slug !== organization.slug) {
          // The slug is in the address: follow the organization to its new one.
          await navigate({
            to: '/app/organizations/$organizationSlug/settings',
            params: { organizationSlug: saved.slug },
            replace: true,
          })
          forgetOrganizationSlug(queryClient, organization.slug)
        } else {
          // The name is the crumb and the page title: read by the loader.
          await router.invalidate()
        }
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.updateOrganizationInput,
    defaultValues: { name: organization.name, slug: organization.slug },
    submit: (values) => update.mutateAsync({ organizationSlug: organization.slug, ...values }),
    codeFields: { CONFLICT: 'slug' },
  })
  const typedSlug = form.values.slug.trim()
  const slugChanges = typedSlug !== organization.slug

  return (
    <SchemaForm form={form} submitLabel="Save settings" aria-label="Organization settings">
      <TextField form={form} name="name" label="Name" required autoComplete="organization" />
      <Field
        label="Slug"
        required
        error={form.error('slug')}
        description={
          <span className="slug-preview">
            Dashboard address:{' '}
            <code dir="ltr" data-testid="slug-preview">
              /app/organizations/{typedSlug || 'your-slug'}
            </code>
            {slugChanges ? (
              <>
                {' '}
                — links to /app/organizations/{organization.slug} will keep leading members here
                until another organization takes that slug.
              </>
            ) : null}
          </span>
        }
      >
        <Input
          {...form.input('slug')}
          {...VERBATIM_INPUT}
          onChange={(event) => form.setValue('slug', event.currentTarget.value.toLowerCase())}
        />
      </Field>
    </SchemaForm>
  )
}
