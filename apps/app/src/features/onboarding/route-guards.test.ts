import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { refreshIfInvalidated } from './route-guards.ts'

// Regression: after the first site was created, the organization's home read the site list
// cached (empty) by the first-site step, and sent the user back to onboarding/site.
describe('a guard’s read after a write', () => {
  it('is fetched again when the write invalidated it, and taken from the cache otherwise', async () => {
    const queryClient = new QueryClient()
    let sites: string[] = []
    let fetches = 0
    const options = {
      queryKey: ['sites', 'acme'],
      queryFn: async () => {
        fetches += 1
        return [...sites]
      },
    }
    const read = async () => {
      await refreshIfInvalidated(queryClient, options.queryKey)
      return queryClient.ensureQueryData(options)
    }

    expect(await read()).toEqual([])
    expect(await read()).toEqual([])
    expect(fetches).toBe(1)

    sites = ['acme.com']
    // Inactive (no screen shows it), so invalidating only marks it.
    await queryClient.invalidateQueries({ queryKey: ['sites'] })
    expect(await queryClient.ensureQueryData(options)).toEqual([])
    expect(await read()).toEqual(['acme.com'])
    expect(fetches).toBe(2)
    expect(await read()).toEqual(['acme.com'])
    expect(fetches).toBe(2)
  })
})
