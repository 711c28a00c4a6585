import { describe, expect, it } from 'vitest'
import { crumbHref } from './app-crumbs.tsx'

describe('a crumb’s address', () => {
  it.each([
    ['/app/organizations/acme', undefined, '/app/organizations/acme'],
    ['/app/x/page', { path: '/pricing' }, '/app/x/page?path=%2Fpricing'],
    ['/app/x/page', { path: '/a b?c#d' }, '/app/x/page?path=%2Fa+b%3Fc%23d'],
    ['/app/x/page', { path: 3 }, '/app/x/page'],
  ])('%s + %j → %s', (pathname, search, expected) => {
    expect(crumbHref(pathname, search)).toBe(expected)
  })
})
