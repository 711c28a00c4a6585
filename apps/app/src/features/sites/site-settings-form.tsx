import { Button, Field, Input, Switch, toast } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { formErrors } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { HostnameHint } from './create-site-form.tsx'
import { previewHostname } from './hostname.ts'
import { invalidateSiteData, type Site } from './queries.ts'

type FieldName = 'name' | 'hostname' | 'titleTemplate' | 'requireApiKey'
type Errors = Partial<Record<FieldName | 'form', string>>

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
  const [name, setName] = useState(site.name)
  const [hostname, setHostname] = useState(site.hostname)
  const [titleTemplate, setTitleTemplate] = useState(site.titleTemplate ?? '')
  const [requireApiKey, setRequireApiKey] = useState(site.requireApiKey)
  const [errors, setErrors] = useState<Errors>({})

  const update = useMutation({
    ...orpc.sites.update.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async (saved) => {
      setErrors({})
      setHostname(saved.hostname)
      setTitleTemplate(saved.titleTemplate ?? '')
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
    onError: (error) =>
      setErrors(
        formErrors(error, ['name', 'hostname', 'titleTemplate', 'requireApiKey'], {
          CONFLICT: 'hostname',
        }),
      ),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next: Errors = {}
    if (!name.trim()) next.name = 'Enter a name for the site.'
    if (!hostname.trim()) next.hostname = 'Enter the hostname of the site, e.g. acme.com.'
    if (titleTemplate.trim() && !titleTemplate.includes('%s')) {
      next.titleTemplate = 'Put %s where the page’s title goes, e.g. “%s · Acme”.'
    }
    setErrors(next)
    if (Object.keys(next).length > 0) return
    update.mutate({
      organizationSlug,
      siteHostname: site.hostname,
      name: name.trim(),
      hostname: hostname.trim(),
      titleTemplate: titleTemplate.trim() ? titleTemplate : null,
      requireApiKey,
    })
  }

  return (
    <form onSubmit={onSubmit} className="form-stack" noValidate aria-label="Site settings">
      <FormAlert message={errors.form ?? null} />
      <Field label="Name" required error={errors.name}>
        <Input name="name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </Field>
      <Field
        label="Hostname"
        required
        error={errors.hostname}
        description={<HostnameHint typed={hostname} preview={previewHostname(hostname)} />}
      >
        <Input
          name="hostname"
          value={hostname}
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          onChange={(event) => setHostname(event.currentTarget.value)}
        />
      </Field>
      <Field
        label="Title template"
        optional
        error={errors.titleTemplate}
        description="Wraps every page’s own title: %s stands for it, e.g. “%s · Acme” serves “Pricing · Acme”."
      >
        <Input
          name="titleTemplate"
          value={titleTemplate}
          placeholder="%s · Acme"
          onChange={(event) => setTitleTemplate(event.currentTarget.value)}
        />
      </Field>
      <Field
        label="Require an API key"
        error={errors.requireApiKey}
        description="When on, the public metadata API answers only requests that carry one of this site’s API keys."
      >
        <Switch checked={requireApiKey} onCheckedChange={setRequireApiKey} />
      </Field>
      <Button type="submit" variant="primary" loading={update.isPending}>
        Save settings
      </Button>
    </form>
  )
}
