import picomatch from 'picomatch'
import { describe, expect, it } from 'vitest'
import { compileGlob, globPrefix } from './page-filter.ts'

const paths = ['/', '/blog', '/blog/', '/blog/a', '/blog/a/b', '/blogger', '/docs/x.html', '/a/b/c']

describe('glob filters', () => {
  it.each([
    '/blog/**',
    '/blog/*',
    '/blog*',
    '/**',
    '/*/b/*',
    '/docs/*.html',
    '/blog/a/?',
    '/a/{b,c}/**',
  ])('%s: the SQL prefix keeps every path picomatch matches', (glob) => {
    const matches = compileGlob(glob)
    const prefix = globPrefix(glob)
    for (const path of paths) {
      expect(matches(path)).toBe(picomatch.isMatch(path, glob, { dot: true }))
      if (matches(path)) expect(path.startsWith(prefix)).toBe(true)
    }
  })

  it('refuses a pattern picomatch can not read with a 400', () => {
    expect(() => compileGlob('/blog/[a')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }))
  })
})
