import { defaultParseSearch, defaultStringifySearch } from '@tanstack/router-core'
import { describe, expect, it } from 'vitest'
import { looksLikeOAuthQuery, oauthQueryFromSearch } from './oauth-query.ts'

/** A signed authorization query as better-auth's OAuth provider writes it for the consent page. */
const signed = new URLSearchParams([
  ['response_type', 'code'],
  ['client_id', 'https://client.example/oauth/metadata.json'],
  ['redirect_uri', 'http://127.0.0.1:43123/callback'],
  ['scope', 'read propose checks'],
  ['state', '0123'],
  ['code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
  ['code_challenge_method', 'S256'],
  ['resource', 'http://localhost:3000/api/mcp'],
  ['exp', '1795000000'],
  ['ba_iat', '1794999400123'],
  ['ba_param', 'ba_iat'],
  ['ba_param', 'client_id'],
  ['ba_param', 'true'],
  ['sig', 'c2lnbmF0dXJl'],
])

const sorted = (query: string) => [...new URLSearchParams(query).entries()].sort().map(String)

describe('the consent page’s OAuth query', () => {
  it('is rebuilt exactly from what the router parsed, in the address as opened or as rewritten', () => {
    const parsed: Record<string, unknown> = defaultParseSearch(`?${signed.toString()}`)
    expect(Array.isArray(parsed.ba_param)).toBe(true)
    expect(sorted(oauthQueryFromSearch(parsed))).toEqual(sorted(signed.toString()))

    // The router writes the list back as JSON; parsing that address gives the same query.
    const rewritten = defaultStringifySearch(parsed)
    expect(rewritten).toContain('ba_param=%5B')
    expect(sorted(oauthQueryFromSearch(defaultParseSearch(rewritten)))).toEqual(
      sorted(signed.toString()),
    )
  })

  it('needs a client and a signature', () => {
    expect(looksLikeOAuthQuery(signed.toString())).toBe(true)
    expect(looksLikeOAuthQuery('client_id=abc')).toBe(false)
    expect(looksLikeOAuthQuery('sig=abc')).toBe(false)
    expect(looksLikeOAuthQuery('')).toBe(false)
  })
})
