import { pagePathFieldSchema, updatePagePathInput } from '@headmark/api/shared'
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  Field,
  Input,
  toast,
} from '@headmark/ui'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { invalidateSiteData } from '~/features/sites/queries.ts'
import { pageQuery } from './queries.ts'

const changePathForm = updatePagePathInput.extend({ path: pagePathFieldSchema })

interface PageSettingsProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string
}

/** A page's path, and deleting the page. */
export function PageSettings({ organizationSlug, siteHostname, pagePath }: PageSettingsProps) {
  const { data } = useSuspenseQuery(pageQuery(organizationSlug, siteHostname, pagePath))
  const path = data.page.path ?? pagePath
  return (
    <div className="stack-lg page-medium">
      <h1>
        Edit page <span className="mono break">{path}</span>
      </h1>
      <Card>
        <CardContent>
          <h2 className="card-heading">Path</h2>
          <ChangePathForm
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
            path={path}
          />
        </CardContent>
      </Card>
      <DeletePage organizationSlug={organizationSlug} siteHostname={siteHostname} path={path} />
    </div>
  )
}

function ChangePathForm({
  organizationSlug,
  siteHostname,
  path,
}: {
  organizationSlug: string
  siteHostname: string
  path: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const update = useMutation({
    ...orpc.pages.updatePath.mutationOptions(),
    meta: { inlineErrors: true },
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
  })
  const form = useSchemaForm({
    schema: changePathForm,
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
    <form onSubmit={form.onSubmit} className="form-stack" noValidate>
      <FormAlert message={form.formError} />
      <Field
        label="Path"
        required
        error={form.error('path')}
        description="The page keeps its revisions. The old path serves the site’s defaults from then on."
      >
        <Input
          {...form.input('path')}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
        />
      </Field>
      <Button
        type="submit"
        variant="primary"
        loading={form.pending}
        disabled={form.values.path.trim() === path}
      >
        Change path
      </Button>
    </form>
  )
}

function DeletePage({
  organizationSlug,
  siteHostname,
  path,
}: {
  organizationSlug: string
  siteHostname: string
  path: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const remove = useMutation({
    ...orpc.pages.delete.mutationOptions(),
    meta: { inlineErrors: true },
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
    onError: (failure) => setError(errorText(failure)),
  })
  return (
    <section aria-labelledby="delete-page-heading" className="danger-zone stack">
      <h2 id="delete-page-heading">Delete this page</h2>
      <p className="muted">
        Deletes the page and every revision of its metadata; its path serves the site’s defaults
        from then on.
      </p>
      <Dialog onOpenChange={() => setError(null)}>
        <DialogTrigger asChild>
          <Button variant="danger" className="justify-start">
            Delete page
          </Button>
        </DialogTrigger>
        <DialogContent
          title={`Delete ${path}?`}
          description="Its revisions go with it. This can not be undone."
          footer={
            <>
              <DialogClose asChild>
                <Button>Cancel</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={remove.isPending}
                onClick={() => remove.mutate({ organizationSlug, siteHostname, pagePath: path })}
              >
                Delete page
              </Button>
            </>
          }
        >
          <FormAlert message={error} />
        </DialogContent>
      </Dialog>
    </section>
  )
}
