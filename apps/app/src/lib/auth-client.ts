import {
  adminClient,
  magicLinkClient,
  organizationClient,
  twoFactorClient,
} from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/**
 * better-auth's browser client, mounted at /api/auth on the same origin. The sign-in form handles
 * the two-factor step itself (it reads `twoFactorRedirect` from the answer): no redirect here.
 * Passkeys have a client of their own (`passkey-client.ts`): WebAuthn's browser library loads
 * only where passkeys are used, not with sign-out, say.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient(), organizationClient(), adminClient(), twoFactorClient()],
})
