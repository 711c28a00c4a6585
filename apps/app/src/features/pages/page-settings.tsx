import { Card, CardContent, Field, Input, toast } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SchemaForm } from '~/components/schema-form.tsx'
import { DangerConfirm, DangerZone } from '~/components/danger-zone.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { formSchemas } from '~/lib/form-schemas.ts'
import { useSchemaForm, VERBATIM_INPUT } from '~/lib/use-schema-form.ts'
import { invalidateSiteData } from '~/features/sites/queries.ts'
import { pageQuery } from './queries.ts'

interface PageSettingsProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string
}

/** A page's path, and deleting the page. */
export function PageSettings({ organizationSlug, siteHostname, pagePath }: PageSettingsProps) {
  const { data } = useSuspenseQuery(pageQuery(organizationSlug, siteHostname, pagePath))
  const path = data.page.path ?? pagePath
  const page: PageRef = { organizationSlug, siteHostname, path }
  return (
    <div className="stack-lg page-medium">
      <h1>
        Edit page <span className="mono break">{path}</span>
      </h1>
      <Card>
        <CardContent>
          <h2 className="card-heading">Path</h2>
          <ChangePathForm {...page} />
        </CardContent>
      </Card>
      <DeletePage {...page} />
    </div>
  )
}

/** The page these settings are of. */
interface PageRef {
  organizationSlug: string
  siteHostname: string
  path: string
}

function ChangePathForm({ organizationSlug, siteHostname, path }: PageRef) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const update = useInlineMutation(
    orpc.pages.updatePath.mutationOptions({
      onSuccess: async (page) => {
        toast.success(`The page is now ${page.path}.`)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/page',
          params: { organizationSlug, siteHostname },
          search: { path: page.path },
        })
        queryClient.removeQueries({
          queryKey: pageQuery(organizationSlug, siteHostname, path).queryKey,
        })
        await invalidateSiteData(queryClient)
      },
    }),
  )
  const form = useSchemaForm({
    schema: formSchemas.changePathForm,
    defaultValues: { path },
    submit: (values) =>
      update.mutateAsync({
        organizationSlug,
        siteHostname,
        pagePath: path,
        path: values.path.trim(),
      }),
    // The path is the form's one field: whatever the server says of it belongs there.
    codeFields: { CONFLICT: 'path', BAD_REQUEST: 'path' },
  })

  return (
    <SchemaForm
      form={form}
      submitLabel="Change path"
      submitDisabled={form.values.path.trim() === path}
    >
      <Field
        label="Path"
        required
        error={form.error('path')}
        description="The page keeps its revisions. The old path serves the site’s defaults from then on."
      >
        <Input {...form.input('path')} {...VERBATIM_INPUT} />
      </Field>
    </SchemaForm>
  )
}

function DeletePage({ organizationSlug, siteHostname, path }: PageRef) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useInlineMutation(
    orpc.pages.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(`${path} was deleted.`)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname',
          params: { organizationSlug, siteHostname },
        })
        queryClient.removeQueries({
          queryKey: pageQuery(organizationSlug, siteHostname, path).queryKey,
        })
        await invalidateSiteData(queryClient)
      },
    }),
  )
  return (
    <DangerZone id="delete-page-heading" heading="Delete this page">
      <p className="muted">
        Deletes the page and every revision of its metadata; its path serves the site’s defaults
        from then on.
      </p>
      <DangerConfirm
        title={`Delete ${path}?`}
        description="Its revisions go with it. This can not be undone."
        confirmLabel="Delete page"
        onConfirm={() => remove.mutateAsync({ organizationSlug, siteHostname, pagePath: path })}
      />
    </DangerZone>
  )
}
