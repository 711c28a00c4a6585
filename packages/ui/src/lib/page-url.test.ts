import { describe, expect, it } from 'vitest'
import { breadcrumb, displayHost, faviconUrl, toUrl } from './page-url.ts'

describe('page URL helpers', () => {
  it.each([
    ['https://www.acme.com/pricing/teams?x=1', 'https://www.acme.com › pricing › teams'],
    ['https://acme.com/', 'https://acme.com'],
    ['https://acme.com/caf%C3%A9/%E0%A4', 'https://acme.com › café › %E0%A4'],
    ['not a url', 'not a url'],
  ])('breadcrumb(%s)', (url, expected) => {
    expect(breadcrumb(url)).toBe(expected)
  })

  it('drops www. from the host people read', () => {
    expect(displayHost('https://www.acme.com/a')).toBe('acme.com')
    expect(displayHost('nonsense')).toBe('nonsense')
  })

  it('resolves the first icon against the page, else the apple-touch icon', () => {
    const icon = { url: '/favicon.png', width: 32, height: 32, mimeType: 'image/png' }
    expect(faviconUrl({ icon: [icon] }, 'https://acme.com/a/b')).toBe(
      'https://acme.com/favicon.png',
    )
    expect(faviconUrl({ appleTouchIcon: [icon] }, 'https://acme.com/')).toBe(
      'https://acme.com/favicon.png',
    )
    expect(faviconUrl({}, 'https://acme.com/')).toBeUndefined()
    expect(toUrl('relative')).toBeUndefined()
  })
})
