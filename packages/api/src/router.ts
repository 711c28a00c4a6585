import { authRouter } from './routers/auth.ts'
import { invitationsRouter } from './routers/invitations.ts'
import { organizationsRouter } from './routers/organizations.ts'
import { webhookCallsRouter } from './routers/webhook-calls.ts'
import { webhooksRouter } from './routers/webhooks.ts'

/** Every RPC procedure, one router per domain. Importing it opens nothing. */
export const router = {
  auth: authRouter,
  invitations: invitationsRouter,
  organizations: organizationsRouter,
  webhooks: webhooksRouter,
  webhookCalls: webhookCallsRouter,
}

export type Router = typeof router
