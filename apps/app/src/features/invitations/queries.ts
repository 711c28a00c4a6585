import { orpc } from '~/lib/orpc.ts'

/** The invitations waiting for the signed-in person. */
export const pendingInvitationsQuery = () => orpc.invitations.list.queryOptions()

/** One invitation, as its invitee sees it. */
export const invitationQuery = (invitationId: string) =>
  orpc.invitations.get.queryOptions({ input: { invitationId } })
