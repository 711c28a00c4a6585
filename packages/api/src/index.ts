// The server package's public surface: factories, the router and types. Importing it only
// defines things and reads no environment: the app builds its one instance from its own env
// (apps/app/src/server/headmark.ts), tests and the command-line tools build theirs.
export type { Auth, AuthSession } from './auth.ts'
export type { Database } from './db/client.ts'
export type { ServerEnv } from './env.ts'
export {
  createHeadmark,
  type CreateHeadmarkOptions,
  createInProcessClient,
  type Headmark,
  RPC_PREFIX,
} from './headmark.ts'
export { loadServerEnv } from './env.ts'
export type { DevMailbox, MailMessage } from './mailer.ts'
export { createOperations, type Operations } from './operations/index.ts'
export type { OrganizationRole } from './permissions.ts'
export type { PublicApi } from './public-api/handler.ts'
export { type Router, router } from './router.ts'
export { EXPORT_PREFIX } from './transfer/http.ts'
export { AUDIT_EXPORT_PREFIX } from './transfer/audit-export.ts'
export type { Context } from './rpc/context.ts'
export { contactRecipient, sendContactMessage } from './contact.ts'
export { consumeLimit, type Limit, limits } from './limits.ts'
export type { Logger } from './log.ts'
