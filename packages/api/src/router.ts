import { authRouter } from './routers/auth.ts'
import { discoveredPathsRouter } from './routers/discovered-paths.ts'
import { invitationsRouter } from './routers/invitations.ts'
import { organizationsRouter } from './routers/organizations.ts'
import { siteApiKeysRouter } from './routers/site-api-keys.ts'

/** Every RPC procedure, one router per domain. Importing it opens nothing. */
export const router = {
  auth: authRouter,
  invitations: invitationsRouter,
  organizations: organizationsRouter,
  siteApiKeys: siteApiKeysRouter,
  discoveredPaths: discoveredPathsRouter,
}

export type Router = typeof router
