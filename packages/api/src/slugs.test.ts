import { describe, expect, it } from 'vitest'
import { firstFreeSlug, slugify } from './slugs.ts'

describe('slugify', () => {
  it.each([
    ['Acme', 'acme'],
    ['  Acme  Inc. ', 'acme-inc'],
    ['Café Olé & Co.', 'cafe-ole-co'],
    ['Ünïcödé Ltd', 'unicode-ltd'],
    ['AB', 'ab-org'],
    ['日本', 'organization'],
    ['', 'organization'],
    ['create', 'create'],
    [`${'a'.repeat(47)} b`, 'a'.repeat(47)],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })
})

describe('firstFreeSlug', () => {
  it('keeps a free slug and counts up from -2 otherwise', () => {
    expect(firstFreeSlug('acme', new Set())).toBe('acme')
    expect(firstFreeSlug('acme', new Set(['acme']))).toBe('acme-2')
    expect(firstFreeSlug('acme', new Set(['acme', 'acme-2', 'acme-3']))).toBe('acme-4')
  })

  it('skips reserved slugs', () => {
    expect(firstFreeSlug('create', new Set())).toBe('create-2')
  })

  it('shortens long slugs so the suffix still fits in 48 characters', () => {
    const long = `${'a'.repeat(46)}-b`
    const slug = firstFreeSlug(long, new Set([long]))
    expect(slug).toBe(`${'a'.repeat(46)}-2`)
    expect(slug.length).toBeLessThanOrEqual(48)
  })
})
