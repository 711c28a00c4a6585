import { router } from '@headmark/api'
import { isProcedure } from '@orpc/server'
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

describe('the server router', () => {
  it('declares GET for exactly the procedures the client calls with GET', () => {
    const mismatches: string[] = []
    const visited: string[] = []
    const walk = (node: unknown, path: string[]) => {
      if (isProcedure(node)) {
        visited.push(path.join('.'))
        const declared = node['~orpc'].route.method ?? 'POST'
        if (declared !== rpcMethodFor(path)) mismatches.push(`${path.join('.')}: ${declared}`)
        return
      }
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        walk(child, [...path, key])
      }
    }
    walk(router, [])
    expect(visited).toEqual(expect.arrayContaining(['auth.getSession', 'organizations.create']))
    expect(mismatches).toEqual([])
    // Importing the whole server (auth, database drivers, the queue) takes seconds on a busy machine.
  }, 30_000)
})
