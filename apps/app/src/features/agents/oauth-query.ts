/**
 * What the consent screen says of a request it can not use, besides the server's reason. (Here,
 * not beside the screen: the route's loader uses it, and loaders are in every page's bundle.)
 */
export const INVALID_REQUEST =
  'This request to connect an agent is incomplete, was already answered or has expired.'

/**
 * The consent page's OAuth query (what the authorization server signed), rebuilt from the
 * router's parsed search. The router turns numbers into numbers, `true`/`false` into booleans and
 * a repeated parameter (the signature's `ba_param` list) into an array, and writes arrays back
 * into the address as JSON; this undoes all of that, so the server reads the parameters it
 * signed, whichever form the address bar holds. Order and percent-encoding do not matter: the
 * signature is checked on the sorted parameters.
 *
 * @example
 * oauthQueryFromSearch({ client_id: 'abc', ba_param: ['client_id', 'sig'], ba_iat: 1700000000 })
 * // 'client_id=abc&ba_param=client_id&ba_param=sig&ba_iat=1700000000'
 */
export function oauthQueryFromSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(
        key,
        item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item),
      )
    }
  }
  return params.toString()
}

/** Whether a query can be an authorization request at all (a client and the server's signature). */
export function looksLikeOAuthQuery(oauthQuery: string): boolean {
  const params = new URLSearchParams(oauthQuery)
  return Boolean(params.get('client_id')) && Boolean(params.get('sig'))
}
