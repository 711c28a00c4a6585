import { describe, expect, it } from 'vitest'
import { previewHostname } from './hostname.ts'

describe('the hostname the form says will be stored', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['https://Acme.COM/x', 'acme.com'],
    ['  http://www.acme.com/pricing?plan=pro#top ', 'www.acme.com'],
    ['acme.com.', 'acme.com'],
    ['Bücher.de', 'xn--bcher-kva.de'],
    ['acme.com:8080', undefined],
    ['https://user:pw@acme.com', undefined],
    ['acme .com', undefined],
    ['', undefined],
    ['http://', undefined],
  ])('%j → %j', (input, expected) => {
    expect(previewHostname(input)).toBe(expected)
  })
})
