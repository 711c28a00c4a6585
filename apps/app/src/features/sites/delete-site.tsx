import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  Field,
  Input,
  toast,
} from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '../../components/auth/form-alert.tsx'
import { errorText } from '../../lib/form-errors.ts'
import { orpc } from '../../lib/orpc.ts'
import { invalidateSiteData, type Site } from './queries.ts'

/** Deletes the site and everything in it, once the person has typed its hostname. */
export function DeleteSite({ organizationSlug, site }: { organizationSlug: string; site: Site }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const matches = typed.trim().toLowerCase() === site.hostname

  const remove = useMutation({
    ...orpc.sites.delete.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      setOpen(false)
      toast.success(`${site.hostname} was deleted.`)
      await navigate({ to: '/app/organizations/$organizationSlug', params: { organizationSlug } })
      queryClient.removeQueries({
        queryKey: orpc.sites.get.key({ input: { organizationSlug, siteHostname: site.hostname } }),
      })
      await invalidateSiteData(queryClient)
    },
    onError: (failure) => setError(errorText(failure)),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!matches) {
      setError(`Type ${site.hostname} to confirm.`)
      return
    }
    remove.mutate({ organizationSlug, siteHostname: site.hostname })
  }

  return (
    <section aria-labelledby="delete-site-heading" className="danger-zone stack">
      <h2 id="delete-site-heading">Delete this site</h2>
      <p className="muted">
        Deletes its pages, every revision of their metadata and its webhooks. The public API stops
        answering for {site.hostname} at once. This can not be undone.
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          setTyped('')
          setError(null)
        }}
      >
        <DialogTrigger asChild>
          <Button variant="danger" className="justify-start">
            Delete site
          </Button>
        </DialogTrigger>
        <DialogContent
          title={`Delete ${site.name}?`}
          description="Every page, revision and webhook of this site goes with it."
        >
          <form onSubmit={onSubmit} className="form-stack" noValidate>
            <FormAlert message={error} />
            <Field label={`Type ${site.hostname} to confirm`}>
              <Input
                value={typed}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                onChange={(event) => setTyped(event.currentTarget.value)}
              />
            </Field>
            <div className="dialog-actions">
              <DialogClose asChild>
                <Button>Cancel</Button>
              </DialogClose>
              <Button type="submit" variant="danger" disabled={!matches} loading={remove.isPending}>
                Delete site
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  )
}
