import { describe, expect, it } from 'vitest'
import { checkPatternSafety, compileOperation } from './bulk-operations.ts'

describe('checkPatternSafety', () => {
  it.each([
    '(a+)+$',
    '(a*)*',
    '((ab)+)*',
    '(x|xx)*y',
    '(a|b)+c',
    '(\\w+\\s?)+$',
    '\\1(a)',
    '(?<n>a)\\k<n>',
    '(?=a)a',
    'a*b*c*',
    'a{2,}b+c*',
  ])('refuses %s', (pattern) => {
    expect(checkPatternSafety(pattern)).toMatch(/\.$/)
  })

  it.each([
    '^Page (\\d+)$',
    '\\s+-\\s+Acme$',
    '[(+*)]+',
    '(ab){1,3}',
    '(?:Acme|Globex) Inc',
    'a+b*',
  ])('accepts %s', (pattern) => {
    expect(checkPatternSafety(pattern)).toBeNull()
  })
})

describe('compileOperation', () => {
  it('replaces plain text as written, $ signs included, in every text field', () => {
    const op = compileOperation({
      kind: 'replace',
      field: 'all',
      find: '(old)',
      replace: '$& $1',
      regex: false,
      caseSensitive: false,
    })
    const { metadata, changes } = op.apply({
      title: 'The (OLD) one',
      openGraph: { title: '(old)', description: 'new' },
    })
    expect(metadata).toEqual({
      title: 'The $& $1 one',
      openGraph: { title: '$& $1', description: 'new' },
    })
    expect(changes.map((change) => change.field)).toEqual(['title', 'openGraph.title'])
  })

  it('sets and clears fields, leaving the others alone', () => {
    const set = compileOperation({ kind: 'set', field: 'openGraph.title', value: 'Shared' })
    expect(set.apply({ title: 'T' }).metadata).toEqual({
      title: 'T',
      openGraph: { title: 'Shared' },
    })
    const clear = compileOperation({ kind: 'set', field: 'description', value: null })
    expect(clear.apply({ title: 'T', description: 'D' })).toEqual({
      metadata: { title: 'T' },
      changes: [{ field: 'description', before: 'D', after: undefined }],
    })
    expect(clear.apply({ title: 'T' }).changes).toEqual([])
  })
})
