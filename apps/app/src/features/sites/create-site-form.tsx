import { Button, Field, Input } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { formErrors } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { previewHostname } from './hostname.ts'
import { invalidateSiteData, type Site } from './queries.ts'

type Errors = Partial<Record<'name' | 'hostname' | 'form', string>>

export interface CreateSiteFormProps {
  organizationSlug: string
  /** Where to go once the site exists; by default, the new site's overview. */
  onCreated?: (site: Site) => Promise<void>
}

export function CreateSiteForm({ organizationSlug, onCreated }: CreateSiteFormProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [hostname, setHostname] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const preview = previewHostname(hostname)

  const create = useMutation({
    ...orpc.sites.create.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async (site) => {
      await invalidateSiteData(queryClient)
      if (onCreated) return onCreated(site)
      await navigate({
        to: '/app/organizations/$organizationSlug/sites/$siteHostname',
        params: { organizationSlug, siteHostname: site.hostname },
      })
    },
    onError: (error) =>
      setErrors(formErrors(error, ['name', 'hostname'], { CONFLICT: 'hostname' })),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next: Errors = {}
    if (!name.trim()) next.name = 'Enter a name for the site, e.g. Acme marketing.'
    if (!hostname.trim()) next.hostname = 'Enter the hostname of the site, e.g. acme.com.'
    setErrors(next)
    if (next.name || next.hostname) return
    create.mutate({ organizationSlug, name: name.trim(), hostname: hostname.trim() })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate>
      <FormAlert message={errors.form ?? null} />
      <Field label="Name" required error={errors.name}>
        <Input
          name="name"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Field>
      <Field
        label="Hostname"
        required
        error={errors.hostname}
        description={<HostnameHint typed={hostname} preview={preview} />}
      >
        <Input
          name="hostname"
          value={hostname}
          inputMode="url"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          placeholder="acme.com"
          onChange={(event) => setHostname(event.currentTarget.value)}
        />
      </Field>
      <Button type="submit" variant="primary" loading={create.isPending}>
        Create site
      </Button>
    </form>
  )
}

/** Says what a pasted address is stored as, e.g. `https://Acme.COM/x` → acme.com. */
export function HostnameHint({ typed, preview }: { typed: string; preview: string | undefined }) {
  if (preview && preview !== typed.trim()) {
    return (
      <>
        Will be saved as <strong className="mono">{preview}</strong>.
      </>
    )
  }
  return (
    <>The site’s domain. A pasted address such as https://Acme.COM/pricing is saved as acme.com.</>
  )
}
