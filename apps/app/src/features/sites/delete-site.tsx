import { toast } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ConfirmByTyping, useConfirmByTyping } from '~/components/confirm-by-typing.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { invalidateSiteData, type Site } from './queries.ts'

/** Deletes the site and everything in it, once the person has typed its hostname. */
export function DeleteSite({ organizationSlug, site }: { organizationSlug: string; site: Site }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const confirm = useConfirmByTyping()

  const remove = useMutation({
    ...orpc.sites.delete.mutationOptions(),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      confirm.close()
      toast.success(`${site.hostname} was deleted.`)
      await navigate({ to: '/app/organizations/$organizationSlug', params: { organizationSlug } })
      queryClient.removeQueries({
        queryKey: orpc.sites.get.key({ input: { organizationSlug, siteHostname: site.hostname } }),
      })
      await invalidateSiteData(queryClient)
    },
    onError: (failure) => confirm.setError(errorText(failure)),
  })

  return (
    <section aria-labelledby="delete-site-heading" className="danger-zone stack">
      <h2 id="delete-site-heading">Delete this site</h2>
      <p className="muted">
        Deletes its pages, every revision of their metadata and its webhooks. The public API stops
        answering for {site.hostname} at once. This can not be undone.
      </p>
      <ConfirmByTyping
        state={confirm}
        action="Delete site"
        title={`Delete ${site.name}?`}
        description="Every page, revision and webhook of this site goes with it."
        expected={site.hostname}
        normalize={(typed) => typed.trim().toLowerCase()}
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ organizationSlug, siteHostname: site.hostname })}
      />
    </section>
  )
}
