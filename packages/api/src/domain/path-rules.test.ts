import fc from 'fast-check'
import picomatch from 'picomatch'
import { describe, expect, it } from 'vitest'
import { normalizePattern, patternSegments } from '../shared/path-rules.ts'
import { hostileTexts } from '../../test/corpus.ts'
import {
  compareSpecificity,
  compileRule,
  matchingRules,
  patternSql,
  sortBySpecificity,
} from './path-rules.ts'

const rule = (pattern: string) => compileRule({ pattern, metadata: {}, titleTemplate: null })
const matches = (pattern: string, path: string) => rule(pattern).matches(path)

describe('normalizePattern', () => {
  it.each([
    ['/blog/*', '/blog/*'],
    ['  /blog//*/ ', '/blog/*'],
    ['/docs/**', '/docs/**'],
    ['/', '/'],
    ['/**', '/**'],
    ['/caf%C3%A9/*', '/café/*'],
    ['/a/**/b', '/a/**/b'],
  ])('%s is stored as %s', (input, pattern) => {
    expect(normalizePattern(input)).toEqual({ ok: true, pattern })
  })

  it.each([
    ['', 'Enter a path pattern'],
    ['blog/*', 'starts with /'],
    ['/blog/*.html', 'whole segment'],
    ['/blog/***', 'whole segment'],
    ['/a/**/**', '**/** says the same'],
    ['/blog/?', '“?” is not allowed'],
    ['/{a,b}', '“{” is not allowed'],
    ['/a/[abc]', '“[” is not allowed'],
    ['/!(x)', 'is not allowed'],
    ['/a\\b', 'is not allowed'],
    ['/a/%E0%A4%A', 'malformed % escape'],
    ['/a\u0000', 'invisible control character'],
    [`/${'a'.repeat(600)}`, 'at most 512 characters'],
    [`/${Array(40).fill('a').join('/')}`, 'at most 32 segments'],
    ['/**/a/**/b/**/c/**/d/**', 'at most 4 **'],
  ])('refuses %j, saying %s', (input, message) => {
    const result = normalizePattern(input)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toContain(message)
  })

  it('answers every hostile text with a pattern or a message, never a throw', () => {
    for (const text of hostileTexts()) {
      const result = normalizePattern(text)
      if (result.ok) {
        expect(result.pattern.startsWith('/')).toBe(true)
        expect(result.pattern.length).toBeLessThanOrEqual(512)
        expect(() => rule(result.pattern)).not.toThrow()
      } else expect(result.message.length).toBeGreaterThan(0)
      const prefixed = normalizePattern(`/${text}`)
      if (prefixed.ok) expect(() => rule(prefixed.pattern).matches('/x')).not.toThrow()
    }
  })
})

describe('matching', () => {
  it.each([
    ['/blog/*', '/blog/x', true],
    ['/blog/*', '/blog', false],
    ['/blog/*', '/blog/x/y', false],
    ['/blog/*', '/blogx/y', false],
    ['/blog/*', '/blog/.well-known', true],
    ['/docs/**', '/docs', true],
    ['/docs/**', '/docs/a', true],
    ['/docs/**', '/docs/a/b/c', true],
    ['/docs/**', '/docsx', false],
    ['/**', '/', true],
    ['/**', '/anything/at/all', true],
    ['/*', '/', false],
    ['/', '/', true],
    ['/', '/a', false],
    ['/a/**/b', '/a/b', true],
    ['/a/**/b', '/a/x/y/b', true],
    ['/a/**/b', '/a/x/c', false],
    ['/café/*', '/café/menu', true],
    ['/v1.0/*', '/v1x0/a', false],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected)
  })

  const segment = fc.oneof(
    fc.constantFrom('a', 'b', 'blog', 'docs', 'v1.0', 'café', '.x', 'a-b', 'x%2Fy', '$', '^'),
    // Stored paths never have a `.` or `..` segment: normalizePath resolves them.
    fc.stringMatching(/^[a-z0-9._~-]{1,6}$/).filter((part) => part !== '.' && part !== '..'),
  )
  const path = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`)
  const patternArb = fc
    .array(fc.oneof(segment, fc.constant('*'), fc.constant('**')), { maxLength: 6 })
    .map((parts) => normalizePattern(`/${parts.join('/')}`))
    .filter((result) => result.ok)
    .map((result) => (result as { pattern: string }).pattern)

  it('every match starts with the literal prefix (the index range a count reads)', () => {
    fc.assert(
      fc.property(patternArb, path, (pattern, candidate) => {
        const { prefix } = patternSql(pattern)
        if (matches(pattern, candidate)) expect(candidate.startsWith(prefix)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('picomatch disagrees with the grammar where ** stands for no segment (why rules compile their own)', () => {
    const glob = (pattern: string, path: string) => picomatch.isMatch(path, pattern, { dot: true })
    expect(glob('/docs/**', '/docs')).toBe(true)
    expect(glob('/**/a', '/a')).toBe(false)
    expect(glob('/*/**', '/a')).toBe(false)
    expect(matches('/**/a', '/a')).toBe(true)
    expect(matches('/*/**', '/a')).toBe(true)
  })

  it('matches exactly what the segment grammar says', () => {
    // The grammar, written out: * is one segment, ** any number of them.
    function grammar(pattern: string[], target: string[]): boolean {
      if (pattern.length === 0) return target.length === 0
      const [head, ...rest] = pattern
      if (head === '**') {
        for (let skip = 0; skip <= target.length; skip++) {
          if (grammar(rest, target.slice(skip))) return true
        }
        return false
      }
      if (target.length === 0) return false
      return (head === '*' || head === target[0]) && grammar(rest, target.slice(1))
    }
    fc.assert(
      fc.property(patternArb, path, (pattern, candidate) => {
        const expected = grammar(patternSegments(pattern), patternSegments(candidate))
        expect(matches(pattern, candidate)).toBe(expected)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('specificity', () => {
  it('orders the documented example least → most specific', () => {
    const order = ['/**', '/blog/**', '/blog/*', '/blog/2024/*', '/blog/2024/launch']
    const shuffled = [...order].reverse().map(rule)
    expect(sortBySpecificity(shuffled).map((r) => r.pattern)).toEqual(order)
  })

  it('counts literal segments first, then fewer wildcards, then * over **, then length, then text', () => {
    const pairs: Array<[string, string]> = [
      ['/a/**', '/a/b/**'], // more literals
      ['/a/*/*', '/a/*'], // fewer wildcards
      ['/a/**', '/a/*'], // * beats **
      ['/ab/*', '/abc/*'], // longer
      ['/ab/*', '/ac/*'], // text
    ]
    for (const [less, more] of pairs) {
      expect(compareSpecificity(rule(less), rule(more))).toBeLessThan(0)
      expect(compareSpecificity(rule(more), rule(less))).toBeGreaterThan(0)
    }
  })

  const patternArb = fc
    .array(fc.oneof(fc.constantFrom('a', 'b', 'blog', 'xy'), fc.constant('*'), fc.constant('**')), {
      maxLength: 5,
    })
    .map((parts) => normalizePattern(`/${parts.join('/')}`))
    .filter((result) => result.ok)
    .map((result) => (result as { pattern: string }).pattern)

  it('is a total order: antisymmetric, transitive, zero only for the same pattern', () => {
    fc.assert(
      fc.property(patternArb, patternArb, patternArb, (a, b, c) => {
        const [ra, rb, rc] = [rule(a), rule(b), rule(c)]
        const ab = compareSpecificity(ra, rb)
        expect(Math.sign(ab) + Math.sign(compareSpecificity(rb, ra))).toBe(0)
        expect(ab === 0).toBe(a === b)
        if (ab < 0 && compareSpecificity(rb, rc) < 0) {
          expect(compareSpecificity(ra, rc)).toBeLessThan(0)
        }
      }),
      { numRuns: 3000 },
    )
  })

  it('sorting does not depend on the order rules come in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(patternArb, { maxLength: 12 }), (patterns) => {
        const forward = sortBySpecificity(patterns.map(rule)).map((r) => r.pattern)
        const backward = sortBySpecificity([...patterns].reverse().map(rule)).map((r) => r.pattern)
        expect(backward).toEqual(forward)
      }),
    )
  })

  it('matchingRules keeps the order and drops what does not match', () => {
    const sorted = sortBySpecificity(['/blog/*', '/**', '/docs/**', '/blog/**'].map(rule))
    expect(matchingRules(sorted, '/blog/x').map((r) => r.pattern)).toEqual([
      '/**',
      '/blog/**',
      '/blog/*',
    ])
    expect(matchingRules(sorted, '/about').map((r) => r.pattern)).toEqual(['/**'])
    expect(matchingRules(sorted, null)).toEqual([])
  })
})
