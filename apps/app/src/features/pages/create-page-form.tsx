import { Button, Field, Input } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { formErrors } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { invalidateSiteData } from '~/features/sites/queries.ts'

type Errors = Partial<Record<'path' | 'form', string>>

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
  const [path, setPath] = useState(initialPath)
  const [errors, setErrors] = useState<Errors>({})

  const create = useMutation({
    ...orpc.pages.create.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async (page) => {
      await invalidateSiteData(queryClient)
      await navigate({
        to: '/app/organizations/$organizationSlug/sites/$siteHostname/page',
        params: { organizationSlug, siteHostname },
        search: { path: page.path },
      })
    },
    onError: (error) => setErrors(formErrors(error, ['path'], { CONFLICT: 'path' })),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!path.trim()) {
      setErrors({ path: 'Enter the page’s path, e.g. /pricing.' })
      return
    }
    setErrors({})
    create.mutate({ organizationSlug, siteHostname, path: path.trim() })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate>
      <FormAlert message={errors.form ?? null} />
      <Field
        label="Path"
        required
        error={errors.path}
        description={`The part of the address after ${siteHostname}, e.g. /pricing. A query string or #fragment is dropped.`}
      >
        <Input
          name="path"
          value={path}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          onChange={(event) => setPath(event.currentTarget.value)}
        />
      </Field>
      <Button type="submit" variant="primary" loading={create.isPending}>
        Create page
      </Button>
    </form>
  )
}
