import { authRouter } from './routers/auth.ts'
import { invitationsRouter } from './routers/invitations.ts'
import { metadataRevisionsRouter } from './routers/metadata-revisions.ts'
import { organizationsRouter } from './routers/organizations.ts'
import { pagesRouter } from './routers/pages.ts'
import { sitesRouter } from './routers/sites.ts'

/** Every RPC procedure, one router per domain. Importing it opens nothing. */
export const router = {
  auth: authRouter,
  invitations: invitationsRouter,
  organizations: organizationsRouter,
  sites: sitesRouter,
  pages: pagesRouter,
  metadataRevisions: metadataRevisionsRouter,
}

export type Router = typeof router
