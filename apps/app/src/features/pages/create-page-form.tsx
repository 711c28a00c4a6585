import { Field, Input } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SchemaForm } from '~/components/schema-form.tsx'
import { invalidateSiteData } from '~/features/sites/queries.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { formSchemas } from '~/lib/form-schemas.ts'
import { useSchemaForm, VERBATIM_INPUT } from '~/lib/use-schema-form.ts'

export function CreatePageForm({
  organizationSlug,
  siteHostname,
  initialPath = '/',
}: {
  organizationSlug: string
  siteHostname: string
  /** E.g. a path that was not found, offered for creation. */
  initialPath?: string | undefined
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const create = useInlineMutation(
    orpc.pages.create.mutationOptions({
      onSuccess: async (page) => {
        await invalidateSiteData(queryClient)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/page',
          params: { organizationSlug, siteHostname },
          search: { path: page.path },
        })
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.newPageForm,
    defaultValues: { path: initialPath },
    submit: ({ path }) => create.mutateAsync({ organizationSlug, siteHostname, path: path.trim() }),
    // The path is the form's one field: whatever the server says of it belongs there.
    codeFields: { CONFLICT: 'path', BAD_REQUEST: 'path' },
  })

  return (
    <SchemaForm form={form} submitLabel="Create page">
      <Field
        label="Path"
        required
        error={form.error('path')}
        description={`The part of the address after ${siteHostname}, e.g. /pricing. A query string or #fragment is dropped.`}
      >
        <Input {...form.input('path')} {...VERBATIM_INPUT} />
      </Field>
    </SchemaForm>
  )
}
