import { Button, Field, Input, toast } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { formErrors } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { forgetOrganizationSlug, invalidateOrganizations, type Organization } from './queries.ts'

type Errors = Partial<Record<'name' | 'slug' | 'form', string>>

/** The organization's name and slug; a new slug moves every address, and the old ones redirect. */
export function OrganizationSettingsForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const router = useRouter()
  const [name, setName] = useState(organization.name)
  const [slug, setSlug] = useState(organization.slug)
  const [errors, setErrors] = useState<Errors>({})
  const typedSlug = slug.trim()
  const slugChanges = typedSlug !== organization.slug

  const update = useMutation({
    ...orpc.organizations.update.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async (saved) => {
      setErrors({})
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
    onError: (error) => setErrors(formErrors(error, ['name', 'slug'], { CONFLICT: 'slug' })),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next: Errors = {}
    if (!name.trim()) next.name = 'Enter a name for the organization.'
    if (!typedSlug) next.slug = 'Enter a slug: lowercase letters, digits and hyphens.'
    setErrors(next)
    if (next.name || next.slug) return
    update.mutate({ organizationSlug: organization.slug, name: name.trim(), slug: typedSlug })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate aria-label="Organization settings">
      <FormAlert message={errors.form ?? null} />
      <Field label="Name" required error={errors.name}>
        <Input
          name="name"
          value={name}
          autoComplete="organization"
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Field>
      <Field
        label="Slug"
        required
        error={errors.slug}
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
          name="slug"
          value={slug}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          onChange={(event) => setSlug(event.currentTarget.value.toLowerCase())}
        />
      </Field>
      <Button type="submit" variant="primary" loading={update.isPending}>
        Save settings
      </Button>
    </form>
  )
}
