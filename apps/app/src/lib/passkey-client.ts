import { passkeyClient } from '@better-auth/passkey/client'
import { createAuthClient } from 'better-auth/react'

/**
 * better-auth's passkey endpoints (@better-auth/passkey) in the browser: registering, listing,
 * removing, and signing in with WebAuthn (@simplewebauthn/browser).
 */
export const passkeyAuthClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [passkeyClient()],
})
