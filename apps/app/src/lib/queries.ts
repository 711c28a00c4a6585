import { orpc } from './orpc.ts'

export const ORGANIZATION_STALE_TIME_MS = 60_000

export const organizationsQuery = () => orpc.auth.getOrganizations.queryOptions()

export const organizationQuery = (organizationSlug: string) =>
  orpc.auth.getOrganization.queryOptions({
    input: { organizationSlug },
    staleTime: ORGANIZATION_STALE_TIME_MS,
  })

export const pendingInvitationsQuery = () => orpc.invitations.list.queryOptions()

export const invitationQuery = (invitationId: string) =>
  orpc.invitations.get.queryOptions({ input: { invitationId } })
