/**
 * better-auth's browser clients, loaded when a person first does something with them: a screen
 * whose buttons call them (the account screen) does not need them to become usable.
 *
 * @example
 * await authCall(loadAuthClient().then((auth) => auth.changePassword(values)))
 */
export const loadAuthClient = () => import('./auth-client.ts').then((m) => m.authClient)

/**
 * The passkey client (WebAuthn's browser library). Fetched with the account screen's other
 * client once the screen is usable, so the click that adds a passkey does not wait for it
 * (better-auth asks the server for the options before WebAuthn is called in any case).
 */
export const loadPasskeyClient = () =>
  import('./passkey-client.ts').then((m) => m.passkeyAuthClient)
