import { Button, Field, Input } from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { orpc } from '~/lib/orpc.ts'
import { useDebouncedValue } from '~/lib/use-debounced-value.ts'

const SLUG_SUGGESTION_DELAY_MS = 300

export function CreateOrganizationForm() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  const [errors, setErrors] = useState<{ name?: string; slug?: string; form?: string }>({})

  // Until the user types a slug of their own, suggest a free one from the name.
  const debouncedName = useDebouncedValue(name.trim(), SLUG_SUGGESTION_DELAY_MS)
  const suggestion = useQuery({
    ...orpc.organizations.suggestSlug.queryOptions({ input: { name: debouncedName } }),
    enabled: !slugEdited && debouncedName.length > 0,
  })
  const shownSlug = slugEdited ? slug : (suggestion.data?.slug ?? '')

  const create = useMutation({
    ...orpc.organizations.create.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async (organization) => {
      await queryClient.invalidateQueries({ queryKey: orpc.auth.getOrganizations.key() })
      // A new organization has no plan yet: its onboarding starts with choosing one.
      await navigate({
        to: '/app/organizations/$organizationSlug/onboarding/plan',
        params: { organizationSlug: organization.slug },
      })
    },
    onError: (error) => {
      if (!(error instanceof ORPCError)) return
      if (error.code === 'CONFLICT') setErrors({ slug: error.message })
      else if (error.code === 'BAD_REQUEST') setErrors(fieldErrors(error))
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next: typeof errors = {}
    if (!name.trim()) next.name = 'Enter a name for the organization.'
    if (!shownSlug.trim()) next.slug = 'Enter a slug: lowercase letters, digits and hyphens.'
    setErrors(next)
    if (next.name || next.slug) return
    create.mutate({ name: name.trim(), slug: shownSlug.trim() })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate>
      {errors.form ? (
        <p className="form-alert" role="alert">
          {errors.form}
        </p>
      ) : null}
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
        description="Used in your dashboard's addresses: /app/organizations/your-slug."
      >
        <Input
          name="slug"
          value={shownSlug}
          onChange={(event) => {
            setSlugEdited(true)
            setSlug(event.currentTarget.value.toLowerCase())
          }}
        />
      </Field>
      <Button type="submit" variant="primary" loading={create.isPending}>
        Create organization
      </Button>
    </form>
  )
}

function fieldErrors(error: ORPCError<string, unknown>): {
  name?: string
  slug?: string
  form?: string
} {
  const issues = (
    error.data as { issues?: Array<{ path?: unknown[]; message: string }> } | undefined
  )?.issues
  const out: { name?: string; slug?: string; form?: string } = {}
  for (const issue of issues ?? []) {
    const key = issue.path?.[0]
    if (key === 'name' || key === 'slug') out[key] ??= issue.message
  }
  if (!out.name && !out.slug) out.form = error.message
  return out
}
