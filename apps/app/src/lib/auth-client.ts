import { adminClient, magicLinkClient, organizationClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/** better-auth's browser client, mounted at /api/auth on the same origin. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient(), organizationClient(), adminClient()],
})
