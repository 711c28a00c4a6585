import { formSchemas } from '~/lib/form-schemas.ts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useDebouncedValue } from '~/lib/use-debounced-value.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { slugSuggestionQuery } from './queries.ts'

const SLUG_SUGGESTION_DELAY_MS = 300

export function CreateOrganizationForm() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [slugEdited, setSlugEdited] = useState(false)

  const create = useInlineMutation(
    orpc.organizations.create.mutationOptions({
      onSuccess: async (organization) => {
        await queryClient.invalidateQueries({ queryKey: orpc.auth.getOrganizations.key() })
        // A new organization has no plan yet: its onboarding starts with choosing one.
        await navigate({
          to: '/app/organizations/$organizationSlug/onboarding/plan',
          params: { organizationSlug: organization.slug },
        })
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.createOrganizationInput,
    defaultValues: { name: '', slug: '' },
    submit: (values) => create.mutateAsync(values),
    codeFields: { CONFLICT: 'slug' },
  })

  // Until the user types a slug of their own, suggest a free one from the name.
  const debouncedName = useDebouncedValue(form.values.name.trim(), SLUG_SUGGESTION_DELAY_MS)
  const suggestion = useQuery({
    ...slugSuggestionQuery(debouncedName),
    enabled: !slugEdited && debouncedName.length > 0,
  })
  const suggested = suggestion.data?.slug ?? ''
  const { setValue } = form
  useEffect(() => {
    if (!slugEdited) setValue('slug', suggested)
  }, [slugEdited, suggested, setValue])

  return (
    <SchemaForm form={form} submitLabel="Create organization">
      <TextField form={form} name="name" label="Name" required autoComplete="organization" />
      <TextField
        form={form}
        name="slug"
        label="Slug"
        required
        description="Used in your dashboard's addresses: /app/organizations/your-slug."
        onChange={(event) => {
          setSlugEdited(true)
          form.setValue('slug', event.currentTarget.value.toLowerCase())
        }}
      />
    </SchemaForm>
  )
}
