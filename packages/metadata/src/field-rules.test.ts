import { describe, expect, it } from 'vitest'
import {
  CUSTOM_TAG_NAME_PATTERN,
  customTagNameKey,
  HREFLANG_PATTERN,
  IMAGE_TYPE_PATTERN,
  isHttpUrl,
  isIconUrl,
  isWholePixels,
  LOCALE_PATTERN,
  METADATA_LIMITS,
} from './field-rules.ts'

describe('field rules', () => {
  it.each([
    ['https://acme.com/og.png', true],
    ['http://acme.com/', true],
    ['ftp://acme.com/', false],
    ['javascript:alert(1)', false],
    ['https://acme.com/a b', false],
    ['https://acme.com/"onload', false],
    ['acme.com', false],
  ])('isHttpUrl(%j) is %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected)
  })

  it.each([
    ['/favicon.svg', true],
    ['https://acme.com/icon.png', true],
    ['//evil.example/x.png', false],
    ['icon.png', false],
  ])('isIconUrl(%j) is %s', (value, expected) => {
    expect(isIconUrl(value)).toBe(expected)
  })

  it.each([
    [1, true],
    [1200, true],
    [0, false],
    [1.5, false],
    [Number.NaN, false],
    ['12', false],
  ])('isWholePixels(%j) is %s', (value, expected) => {
    expect(isWholePixels(value)).toBe(expected)
  })

  it('compares custom tag names without case or surrounding space', () => {
    expect(customTagNameKey('  Theme-Color ')).toBe('theme-color')
  })

  it.each([
    [LOCALE_PATTERN, ['en', 'en_US', 'fil_PH'], ['en-US', 'EN_us', 'english']],
    [IMAGE_TYPE_PATTERN, ['image/png', 'image/svg+xml'], ['text/html', 'image/']],
    [CUSTOM_TAG_NAME_PATTERN, ['theme-color', 'og:x'], ['a b', 'a"b', 'a=b', 'a/b']],
    [
      HREFLANG_PATTERN,
      ['en', 'fr-CA', 'zh-Hant-TW', 'es-419', 'x-default', 'X-Default'],
      ['english', 'en_US', 'en-', 'x-other'],
    ],
  ])('%s takes what it should and refuses the rest', (pattern, good, bad) => {
    for (const value of good) expect(pattern.test(value), value).toBe(true)
    for (const value of bad) expect(pattern.test(value), value).toBe(false)
  })

  it('keeps one revision small', () => {
    expect(METADATA_LIMITS.title).toBeLessThan(METADATA_LIMITS.description)
    expect(METADATA_LIMITS.jsonLdObjects).toBe(20)
  })
})
