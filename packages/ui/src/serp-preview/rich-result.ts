import type { JsonLdObject } from '@headmark/metadata'

/** What a page's structured data adds to its search result, as Google shows it. */
export interface RichResult {
  /** The rich result features shown, e.g. ["Breadcrumbs", "Product snippet"]. */
  features: string[]
  /** Types given that have no rich result of their own in a result (Organization, WebSite). */
  withoutResult: string[]
  /** The breadcrumb trail's names, shown instead of the URL's path. */
  breadcrumbs?: string[]
  /** An article's date, shown before the description. */
  date?: string
  product?: { stars?: number; rating?: string; reviews?: string; price?: string; stock?: string }
  event?: { date: string; place?: string }
  faq?: { question: string; answer: string }[]
}

type Item = Record<string, unknown>

const isObject = (value: unknown): value is Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Every item, with those inside an `@graph` taken out of it. */
function flatten(items: readonly JsonLdObject[]): Item[] {
  return items.flatMap((item) =>
    Array.isArray(item['@graph']) ? (item['@graph'] as unknown[]).filter(isObject) : [item],
  )
}

const typesOf = (item: Item): string[] => {
  const type = item['@type']
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string')
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)

// Dates in UTC and English: the same text on the server and in the browser.
const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const DAY_AND_TIME = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

function formatDate(value: unknown, format: Intl.DateTimeFormat): string | undefined {
  const raw = text(value)
  if (!raw) return undefined
  const date = new Date(raw)
  return Number.isNaN(date.getTime()) ? undefined : format.format(date)
}

function formatPrice(price: unknown, currency: unknown): string | undefined {
  const amount = text(price)
  if (!amount) return undefined
  const code = text(currency)
  const number = Number(amount)
  if (code && Number.isFinite(number)) {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(number)
    } catch {
      // not a currency code: shown as written
    }
  }
  return code ? `${amount} ${code}` : amount
}

const words = (url: string) =>
  url
    .replace(/^.*[/#]/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase())

const ARTICLES = new Set(['Article', 'NewsArticle', 'BlogPosting'])
const NO_RESULT = new Set(['Organization', 'WebSite', 'WebPage', 'Person', 'LocalBusiness'])

/**
 * What the structured data of a page adds to its search result: breadcrumbs instead of the URL,
 * an article's date, a product's rating, price and stock, an event's date and place, and the
 * first questions of an FAQ. Items without what Google requires add nothing, as in search.
 *
 * @example
 * richResultOf([{ '@type': 'Product', name: 'Pro', offers: { price: 29, priceCurrency: 'USD' } }])
 * // { features: ['Product snippet'], product: { price: '$29.00' }, … }
 */
export function richResultOf(jsonLd: readonly JsonLdObject[] | undefined): RichResult {
  const result: RichResult = { features: [], withoutResult: [] }
  for (const item of flatten(jsonLd ?? [])) {
    const types = typesOf(item)
    if (types.includes('BreadcrumbList') && !result.breadcrumbs) {
      const names = (Array.isArray(item.itemListElement) ? item.itemListElement : [])
        .filter(isObject)
        .toSorted((a, b) => Number(a.position) - Number(b.position))
        .map(
          (entry) => text(entry.name) ?? (isObject(entry.item) ? text(entry.item.name) : undefined),
        )
      if (names.length > 0 && names.every((name) => name !== undefined)) {
        result.breadcrumbs = names
        result.features.push('Breadcrumbs')
      }
    } else if (types.some((type) => ARTICLES.has(type)) && !result.date) {
      const date = formatDate(item.datePublished, DAY)
      if (date && text(item.headline)) {
        result.date = date
        result.features.push('Article date')
      }
    } else if (types.includes('Product') && !result.product && text(item.name)) {
      const offer = first(item.offers)
      const rating = isObject(item.aggregateRating) ? item.aggregateRating : undefined
      const value = rating ? Number(text(rating.ratingValue)) : Number.NaN
      const product: NonNullable<RichResult['product']> = {}
      if (Number.isFinite(value)) {
        const best = Number(text(rating?.bestRating) ?? 5) || 5
        product.stars = Math.max(0, Math.min(5, Math.round((value / best) * 5)))
        product.rating = String(value)
        const count = text(rating?.reviewCount) ?? text(rating?.ratingCount)
        if (count) product.reviews = count
      }
      if (isObject(offer)) {
        const price = formatPrice(offer.price ?? offer.lowPrice, offer.priceCurrency)
        if (price) product.price = price
        const stock = text(offer.availability)
        if (stock) product.stock = words(stock)
      }
      if (Object.keys(product).length > 0) {
        result.product = product
        result.features.push('Product snippet')
      }
    } else if (types.includes('Event') && !result.event && text(item.name)) {
      const date = formatDate(item.startDate, DAY_AND_TIME)
      if (date) {
        const location = first(item.location)
        const place = isObject(location) ? text(location.name) : text(location)
        result.event = place ? { date, place } : { date }
        result.features.push('Event')
      }
    } else if (types.includes('FAQPage') && !result.faq) {
      const questions = (Array.isArray(item.mainEntity) ? item.mainEntity : [item.mainEntity])
        .filter(isObject)
        .flatMap((question) => {
          const answer = first(question.acceptedAnswer)
          const name = text(question.name)
          const reply = isObject(answer) ? text(answer.text) : undefined
          return name && reply ? [{ question: name, answer: reply }] : []
        })
      if (questions.length > 0) {
        result.faq = questions.slice(0, 3)
        result.features.push('FAQ')
      }
    } else {
      const quiet = types.filter((type) => NO_RESULT.has(type))
      for (const type of quiet)
        if (!result.withoutResult.includes(type)) result.withoutResult.push(type)
    }
  }
  return result
}
