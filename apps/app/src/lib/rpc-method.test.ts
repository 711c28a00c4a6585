import { describe, expect, it } from 'vitest'
import { rpcMethodFor } from './rpc-method.ts'

describe('the RPC method a procedure is called with', () => {
  it.each([
    [['auth', 'getSession'], 'GET'],
    [['auth', 'getOrganizations'], 'GET'],
    [['invitations', 'list'], 'GET'],
    [['invitations', 'get'], 'GET'],
    [['organizations', 'suggestSlug'], 'GET'],
    [['organizations', 'create'], 'POST'],
    [['organizations', 'getaway'], 'POST'],
    [['members', 'listener'], 'POST'],
  ] as const)('%j → %s', (path, method) => {
    expect(rpcMethodFor(path)).toBe(method)
  })
})
