import { describe, expect, it } from 'vitest'
import { normalizePath } from './path.ts'

describe('normalizePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['//', '/'],
    ['//a', '/a'],
    ['///a//b///', '/a/b'],
    ['/a/', '/a'],
    ['a/b', '/a/b'],
    ['/?b=1&a=2#x', '/'],
    ['/pricing?b=1&a=2', '/pricing'],
    ['/pricing#plans', '/pricing'],
    ['/a#x?y', '/a'],
    ['/a/./b', '/a/b'],
    ['/a/../b', '/b'],
    ['/..', '/'],
    ['/../../a', '/a'],
    ['/a/%2E%2E/b', '/b'],
    ['/caf%C3%A9', '/café'],
    ['/café', '/café'],
    ['/cafe\u0301', '/café'],
    ['/%E0%A4%B9%E0%A4%BF', '/हि'],
    ['/emoji/%F0%9F%98%80', '/emoji/😀'],
    ['/a%20b', '/a b'],
    ['/%41BC', '/ABC'],
    ['/a%2Fb', '/a%2Fb'],
    ['/a%2fb', '/a%2Fb'],
    ['/100%25', '/100%25'],
    ['/what%3F', '/what%3F'],
    ['/c%23', '/c%23'],
    ['/nul%00x', '/nul%00x'],
    ['/tab%09x%7F', '/tab%09x%7F'],
    ['/Blog/Hello', '/Blog/Hello'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePath(input)).toEqual({ ok: true, path: expected })
  })

  it.each(['/%E0%A4%A', '/%', '/%zz', '/a/%C3', '/%ED%A0%80'])(
    'returns a malformed-escape error for %j instead of throwing',
    (input) => {
      expect(normalizePath(input)).toEqual({ ok: false, error: 'malformed-escape', input })
    },
  )

  it('ignores a malformed escape that sits in the dropped query string or hash', () => {
    expect(normalizePath('/a?q=%E0%A4%A#%')).toEqual({ ok: true, path: '/a' })
  })

  it('reports a non-string input instead of throwing', () => {
    expect(normalizePath(undefined as unknown as string)).toEqual({
      ok: false,
      error: 'not-a-string',
      input: undefined,
    })
  })

  it.each([
    '/a%2Fb',
    '/100%25',
    '/what%3F/x',
    '/c%23',
    '/nul%00',
    '/caf%C3%A9/%2E%2E/x',
    '//a//b/',
    '/a%252F',
  ])('is idempotent for %j (the server normalises what the client sends)', (input) => {
    const once = normalizePath(input)
    if (!once.ok) throw new Error('expected a path')
    expect(normalizePath(once.path)).toEqual(once)
  })
})
