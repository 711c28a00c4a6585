/**
 * Read-only procedures are named get…, list… or suggest… and are declared GET on the server;
 * everything else is a mutation sent with POST. The client picks GET only when the URL fits
 * (oRPC's link falls back to POST past 2083 characters).
 */
export const MAX_GET_URL_LENGTH = 2083

export function rpcMethodFor(path: readonly string[]): 'GET' | 'POST' {
  const name = path.at(-1) ?? ''
  return /^(get|list|suggest)([A-Z]|$)/.test(name) ? 'GET' : 'POST'
}
