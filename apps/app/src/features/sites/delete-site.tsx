import { toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { DangerConfirm, DangerZone } from '~/components/danger-zone.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { invalidateSiteData, type Site } from './queries.ts'

/** Deletes the site and everything in it, once the person has typed its hostname. */
export function DeleteSite({ organizationSlug, site }: { organizationSlug: string; site: Site }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useInlineMutation(
    orpc.sites.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(`${site.hostname} was deleted.`)
        await navigate({ to: '/app/organizations/$organizationSlug', params: { organizationSlug } })
        queryClient.removeQueries({
          queryKey: orpc.sites.get.key({
            input: { organizationSlug, siteHostname: site.hostname },
          }),
        })
        await invalidateSiteData(queryClient)
      },
    }),
  )

  return (
    <DangerZone id="delete-site-heading" heading="Delete this site">
      <p className="muted">
        Deletes its pages, every revision of their metadata and its webhooks. The public API stops
        answering for {site.hostname} at once. This can not be undone.
      </p>
      <DangerConfirm
        title={`Delete ${site.name}?`}
        description="Every page, revision and webhook of this site goes with it."
        confirmLabel="Delete site"
        typeToConfirm={{
          expected: site.hostname,
          normalize: (typed) => typed.trim().toLowerCase(),
        }}
        onConfirm={() => remove.mutateAsync({ organizationSlug, siteHostname: site.hostname })}
      />
    </DangerZone>
  )
}
