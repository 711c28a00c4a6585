import { describe, expect, it } from 'vitest'
import { metadataFieldLabel } from './field-labels.ts'

describe('metadataFieldLabel', () => {
  it.each([
    ['title', 'Title'],
    ['noindex', 'Hide from search engines'],
    ['openGraph.url', 'Open Graph › Canonical URL'],
    ['openGraph.image', 'Open Graph › Main image'],
    ['openGraph.image.width', 'Open Graph › Main image › Width'],
    ['openGraph.images.0.alt', 'Open Graph › Image 1 › Alternative text'],
    ['twitter.image.url', 'Twitter › Card image › URL'],
    ['twitter.card', 'Twitter › Card'],
    ['icon.1.url', 'Icon 2 › URL'],
    ['appleTouchIcon.0.mimeType', 'Apple touch icon 1 › Type'],
    ['customTags.2.content', 'Custom tag 3 › Content'],
    ['somethingNew', 'somethingNew'],
  ])('%s → %s', (path, label) => {
    expect(metadataFieldLabel(path)).toBe(label)
  })
})
