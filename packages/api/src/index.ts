// The server package's public surface. Importing it only defines things: the database opens on
// the first getHeadmark() call, so the app's SSR bundle and the router can import it freely.
export type { Auth, AuthSession } from './auth.ts'
export type { Database } from './db/client.ts'
export type { ServerEnv } from './env.ts'
export {
  closeHeadmark,
  createHeadmark,
  getHeadmark,
  type Headmark,
  RPC_PREFIX,
} from './headmark.ts'
export type { DevMailbox, MailMessage } from './mailer.ts'
export { type Operations, prepareOperations } from './operations/index.ts'
export type { OrganizationRole } from './permissions.ts'
export { handlePublicApi, preparePublicApi, startPublicApi } from './public-api/instance.ts'
export type { PublicApi } from './public-api/handler.ts'
export { type Router, router } from './router.ts'
export type { Context } from './rpc/context.ts'
