import { toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { DangerConfirm, DangerZone } from '~/components/danger-zone.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { organizationAccess } from './access.ts'
import { forgetOrganizationSlug, invalidateOrganizations, type Organization } from './queries.ts'

/**
 * The danger zone: owners delete the organization once they have typed its slug; admins are told
 * why they can not.
 */
export function DeleteOrganization({ organization }: { organization: Organization }) {
  const { canDelete } = organizationAccess(organization.role)
  return (
    <DangerZone id="delete-organization-heading" heading="Delete this organization">
      <p className="muted">
        Deletes its sites with their pages, metadata revisions, API keys and webhooks, its usage,
        subscription, members and pending invitations. The public API stops answering for its sites
        at once. This can not be undone.
      </p>
      {canDelete ? (
        <DeleteOrganizationDialog organization={organization} />
      ) : (
        <p className="danger-zone-refusal">
          Only an owner can delete {organization.name}. Your role is {organization.role}: ask one of
          its owners.
        </p>
      )}
    </DangerZone>
  )
}

function DeleteOrganizationDialog({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const remove = useInlineMutation(
    orpc.organizations.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(`${organization.name} was deleted.`)
        // The dashboard must not list it any more: read the list again before going there.
        await invalidateOrganizations(queryClient)
        await navigate({ to: '/app' })
        forgetOrganizationSlug(queryClient, organization.slug)
      },
    }),
  )

  return (
    <DangerConfirm
      title={`Delete ${organization.name}?`}
      description="Every site, page, revision, API key and webhook of this organization goes with it."
      confirmLabel="Delete organization"
      typeToConfirm={{ expected: organization.slug }}
      onConfirm={(confirmSlug) =>
        remove.mutateAsync({ organizationSlug: organization.slug, confirmSlug })
      }
    />
  )
}
