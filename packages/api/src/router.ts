import { agentsRouter } from './routers/agents.ts'
import { auditLogRouter } from './routers/audit-log.ts'
import { authRouter } from './routers/auth.ts'
import { billingRouter } from './routers/billing.ts'
import { bulkPagesRouter } from './routers/bulk-pages.ts'
import { changeRequestsRouter } from './routers/change-requests.ts'
import { changeSetsRouter } from './routers/change-sets.ts'
import { discoveredPathsRouter } from './routers/discovered-paths.ts'
import { healthRouter } from './routers/health.ts'
import { importsRouter } from './routers/imports.ts'
import { invitationsRouter } from './routers/invitations.ts'
import { membersRouter } from './routers/members.ts'
import { metadataRevisionsRouter } from './routers/metadata-revisions.ts'
import { organizationsRouter } from './routers/organizations.ts'
import { pagesRouter } from './routers/pages.ts'
import { pathRulesRouter } from './routers/path-rules.ts'
import { sitesRouter } from './routers/sites.ts'
import { webhookCallsRouter } from './routers/webhook-calls.ts'
import { webhooksRouter } from './routers/webhooks.ts'
import { siteApiKeysRouter } from './routers/site-api-keys.ts'
import { transferRouter } from './routers/transfer.ts'

/** Every RPC procedure, one router per domain. Importing it opens nothing. */
export const router = {
  auth: authRouter,
  invitations: invitationsRouter,
  members: membersRouter,
  organizations: organizationsRouter,
  sites: sitesRouter,
  pages: pagesRouter,
  metadataRevisions: metadataRevisionsRouter,
  webhooks: webhooksRouter,
  webhookCalls: webhookCallsRouter,
  siteApiKeys: siteApiKeysRouter,
  discoveredPaths: discoveredPathsRouter,
  pathRules: pathRulesRouter,
  billing: billingRouter,
  transfer: transferRouter,
  bulkPages: bulkPagesRouter,
  changeSets: changeSetsRouter,
  changeRequests: changeRequestsRouter,
  imports: importsRouter,
  auditLog: auditLogRouter,
  agents: agentsRouter,
  health: healthRouter,
}

export type Router = typeof router
