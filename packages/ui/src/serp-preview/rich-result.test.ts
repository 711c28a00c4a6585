import type { JsonLdObject } from '@headmark/metadata'
import { describe, expect, it } from 'vitest'
import { hostileStrings } from '../test/hostile-strings.ts'
import { richResultOf } from './rich-result.ts'

const breadcrumbs: JsonLdObject = {
  '@type': 'BreadcrumbList',
  itemListElement: [
    { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://acme.com/blog' },
    { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://acme.com/' },
    { '@type': 'ListItem', position: 3, name: 'Hello world' },
  ],
}

describe('richResultOf', () => {
  it('orders breadcrumbs by position', () => {
    expect(richResultOf([breadcrumbs])).toMatchObject({
      features: ['Breadcrumbs'],
      breadcrumbs: ['Home', 'Blog', 'Hello world'],
    })
  })

  it('shows a product’s stars, rating, reviews, price and stock', () => {
    const result = richResultOf([
      {
        '@type': 'Product',
        name: 'Acme Pro',
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 89 },
        offers: {
          '@type': 'Offer',
          price: '29.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      },
    ])
    expect(result.features).toEqual(['Product snippet'])
    expect(result.product).toEqual({
      stars: 4,
      rating: '4.4',
      reviews: '89',
      price: '$29.00',
      stock: 'In stock',
    })
  })

  it('keeps a price whose currency is not a code as written', () => {
    const result = richResultOf([
      { '@type': 'Product', name: 'Pro', offers: { price: '29', priceCurrency: 'dollars' } },
    ])
    expect(result.product?.price).toBe('29 dollars')
  })

  it('reads an article’s date, an event’s date and place, and the first three questions', () => {
    const faq = {
      '@type': 'FAQPage',
      mainEntity: ['One', 'Two', 'Three', 'Four'].map((name) => ({
        '@type': 'Question',
        name,
        acceptedAnswer: { '@type': 'Answer', text: `${name}.` },
      })),
    }
    const result = richResultOf([
      { '@graph': [{ '@type': 'BlogPosting', headline: 'Hi', datePublished: '2026-11-03' }] },
      {
        '@type': 'Event',
        name: 'Launch',
        startDate: '2026-11-28T18:00:00Z',
        location: { '@type': 'Place', name: 'Town hall' },
      },
      faq,
    ])
    expect(result.features).toEqual(['Article date', 'Event', 'FAQ'])
    expect(result.date).toBe('Nov 3, 2026')
    expect(result.event).toEqual({ date: 'Sat, Nov 28', place: 'Town hall' })
    expect(result.faq?.map((q) => q.question)).toEqual(['One', 'Two', 'Three'])
  })

  it('adds nothing for items without what search needs, and names types without a result', () => {
    const result = richResultOf([
      { '@type': 'Product', name: 'Pro' },
      { '@type': 'Event', name: 'Launch', startDate: 'soon' },
      { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Why?' }] },
      { '@type': 'Organization', name: 'Acme' },
      { '@type': ['WebSite'], name: 'Acme' },
    ])
    expect(result.features).toEqual([])
    expect(result.withoutResult).toEqual(['Organization', 'WebSite'])
  })

  it('never throws on hostile values anywhere', () => {
    for (const value of hostileStrings()) {
      const items = [
        { '@type': 'Product', name: value, offers: { price: value, priceCurrency: value } },
        { '@type': 'BreadcrumbList', itemListElement: [{ position: value, name: value }] },
        { '@type': 'Event', name: value, startDate: value, location: value },
        { '@type': 'FAQPage', mainEntity: value },
        { '@graph': value },
      ]
      expect(() => richResultOf(items as never)).not.toThrow()
    }
  })
})
