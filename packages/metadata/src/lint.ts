import { measureTextWithTable, SERP } from './text-width.ts'
import type { Metadata, MetadataImage } from './types.ts'

export {
  type MeasureText,
  measureText,
  measureTextWithTable,
  SERP,
  SERP_MOBILE,
  type TruncatedText,
  truncateText,
} from './text-width.ts'

/** How much a finding matters: `error` breaks a search result or a card, `warning` degrades it. */
export type LintSeverity = 'error' | 'warning' | 'info'

/** The rules {@link lintMetadata} checks, one id per kind of problem. */
export type LintRule =
  | 'title-missing'
  | 'title-too-wide'
  | 'title-site-name-only'
  | 'description-missing'
  | 'description-too-wide'
  | 'image-missing'
  | 'image-not-absolute'
  | 'image-not-https'
  | 'image-too-small'
  | 'image-not-2-to-1'
  | 'image-alt-missing'
  | 'twitter-card-without-image'
  | 'url-other-host'
  | 'noindex-with-canonical'
  | 'custom-tag-empty'
  | 'custom-tag-duplicate'
  | 'canonical-not-absolute'
  | 'noindex-canonical-self'
  | 'hreflang-not-absolute'
  | 'hreflang-invalid'
  | 'hreflang-self-missing'
  | 'hreflang-x-default-missing'
  | 'jsonld-required'
  | 'jsonld-recommended'

/** One problem found in a page's metadata. */
export interface LintFinding {
  rule: LintRule
  severity: LintSeverity
  /** The dotted path of the field to fix, as the editor names it: `openGraph.image.width`. */
  field: string
  /** A sentence a person can act on. */
  message: string
}

/** What the checks know about the page besides its metadata. */
export interface LintOptions {
  /** The page's absolute URL: enables the host, https and canonical checks. */
  url?: string
  /** The site's name, when it is not in `openGraph.siteName`. */
  siteName?: string
}

const parse = (url: string | undefined): URL | undefined => {
  try {
    return url ? new URL(url) : undefined
  } catch {
    return undefined
  }
}
const isWeb = (url: URL | undefined): url is URL =>
  url?.protocol === 'https:' || url?.protocol === 'http:'
// The URL without its hash and trailing slash: `/shoes/` and `/shoes#top` are the page `/shoes`.
const strip = (url: URL) => url.origin + url.pathname.replace(/\/$/, '') + url.search
const px = (width: number) => `${Math.round(width)} px`

// What Google's rich results need of each type, as `required / recommended` property names
// (`a|b`: one of them). From Google Search Central's structured data documentation.
const RICH_RESULTS = new Map(
  [
    'Article//headline image datePublished author',
    'Product/name offers|review|aggregateRating/image description',
    'BreadcrumbList/itemListElement',
    'FAQPage/mainEntity',
    'Event/name startDate location/description endDate image offers organizer eventStatus',
    'LocalBusiness/name address/telephone url geo openingHoursSpecification image',
    'Organization//name url logo',
    'WebSite/name url',
  ].map((line) => {
    const [type, ...lists] = line.split('/')
    return [type, lists]
  }),
)

/**
 * Checks a page's metadata for what spoils its search result and its shared cards: missing or
 * too wide title and description, missing, relative, insecure or undersized Open Graph and X
 * images, an X large card without an image, an `og:url` or canonical on another host, `noindex`
 * with a canonical elsewhere, empty or duplicate custom tags. Pure; the findings come in field
 * order.
 *
 * @example
 * lintMetadata({ title: 'Acme', openGraph: { image: { url: '/card.png', width: 600, height: 315, mimeType: 'image/png' } } },
 *   { url: 'https://acme.com/pricing' })
 * // [{ rule: 'title-site-name-only', … }, { rule: 'description-missing', … },
 * //  { rule: 'image-not-absolute', severity: 'error', field: 'openGraph.image.url', … }, …]
 */
export function lintMetadata(metadata: Metadata, options: LintOptions = {}): LintFinding[] {
  const findings: LintFinding[] = []
  const add = (rule: LintRule, severity: LintSeverity, field: string, message: string) =>
    findings.push({ rule, severity, field, message })
  const page = parse(options.url)
  const { title = '', description = '', openGraph = {}, twitter = {} } = metadata
  const siteName = (openGraph.siteName ?? options.siteName ?? '').trim().toLowerCase()

  if (!title.trim()) add('title-missing', 'error', 'title', 'Add a title.')
  else {
    const width = measureTextWithTable(title, SERP.title.fontSize)
    if (width > SERP.title.desktop)
      add(
        'title-too-wide',
        'warning',
        'title',
        `${px(width)} wide: results cut it at ${SERP.title.desktop} px.`,
      )
    if (title.trim().toLowerCase() === siteName)
      add('title-site-name-only', 'warning', 'title', 'Only the site name: describe the page.')
  }
  if (!description.trim())
    add('description-missing', 'warning', 'description', 'Add a description.')
  else {
    const width = measureTextWithTable(description, SERP.description.fontSize)
    if (width > SERP.description.desktop)
      add(
        'description-too-wide',
        'info',
        'description',
        `${px(width)} wide: results cut it at ${SERP.description.desktop} px.`,
      )
  }

  const checkImage = (image: MetadataImage, field: string, crop: 'og' | 'large' | 'none') => {
    const url = parse(image.url)
    if (!isWeb(url)) add('image-not-absolute', 'error', `${field}.url`, 'Use an absolute URL.')
    else if (page?.protocol === 'https:' && url.protocol === 'http:')
      add('image-not-https', 'warning', `${field}.url`, 'Use https, as the page does.')
    const { width, height } = image
    if (crop === 'large' && (width < 300 || height < 157 || Math.abs(width / height - 2) > 0.1))
      add(
        'image-not-2-to-1',
        'warning',
        `${field}.width`,
        `X needs 2:1, from 300 × 157 px; this is ${width} × ${height}.`,
      )
    else if (crop === 'og' && (width < 1200 || height < 630))
      add(
        'image-too-small',
        'warning',
        `${field}.width`,
        `Large cards need 1200 × 630 px; this is ${width} × ${height}.`,
      )
    if (!image.alt?.trim())
      add('image-alt-missing', 'warning', `${field}.alt`, 'Describe the image.')
  }

  const ogImage = openGraph.image ?? openGraph.images?.[0]
  if (openGraph.image) checkImage(openGraph.image, 'openGraph.image', 'og')
  openGraph.images?.forEach((image, index) => checkImage(image, `openGraph.images.${index}`, 'og'))
  if (!ogImage) add('image-missing', 'warning', 'openGraph.image', 'Add an image for shared links.')

  if (twitter.image)
    checkImage(
      twitter.image,
      'twitter.image',
      twitter.card === 'summary_large_image' ? 'large' : 'none',
    )
  else if (twitter.card === 'summary_large_image') {
    // X falls back to og:image; the fallback is then cropped to 2:1 too.
    if (!ogImage)
      add(
        'twitter-card-without-image',
        'error',
        'twitter.card',
        'Add an image or use a summary card.',
      )
    else if (Math.abs(ogImage.width / ogImage.height - 2) > 0.1)
      add('image-not-2-to-1', 'info', 'twitter.image', 'X crops this to 2:1: add an X image.')
  }

  let elsewhere = false
  const canonical = (value: string, field: string) => {
    const url = parse(value)
    if (!page || !isWeb(url)) return
    if (url.host !== page.host)
      add('url-other-host', 'warning', field, `This points to ${url.host}, not ${page.host}.`)
    elsewhere ||= strip(url) !== strip(page)
  }
  if (openGraph.url) canonical(openGraph.url, 'openGraph.url')
  const ownCanonical = parse(metadata.canonical)
  if (metadata.canonical !== undefined && !isWeb(ownCanonical))
    add('canonical-not-absolute', 'error', 'canonical', 'Use an absolute URL.')
  else if (metadata.canonical) {
    canonical(metadata.canonical, 'canonical')
    if (metadata.noindex && page && strip(page) === strip(ownCanonical as URL))
      add(
        'noindex-canonical-self',
        'warning',
        'noindex',
        'Noindex with a canonical to itself: keep one.',
      )
  }
  // The cluster must list this page (its canonical, or its URL) and an x-default.
  const self = ownCanonical ?? page
  const alternates = Object.entries(metadata.alternates ?? {})
  let listed = false
  for (const [hreflang, value] of alternates) {
    const url = parse(value)
    if (!/^([a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?|x-default)$/i.test(hreflang))
      add('hreflang-invalid', 'error', `alternates.${hreflang}`, 'Use a code such as en or fr-CA.')
    if (!isWeb(url))
      add('hreflang-not-absolute', 'error', `alternates.${hreflang}`, 'Use an absolute URL.')
    else listed ||= !!self && strip(url) === strip(self)
  }
  if (alternates.length) {
    if (self && !listed)
      add('hreflang-self-missing', 'error', 'alternates', 'List this page among its languages.')
    if (!metadata.alternates?.['x-default'])
      add('hreflang-x-default-missing', 'warning', 'alternates', 'Add an x-default.')
  }
  metadata.jsonLd?.forEach((data, index) => {
    const nodes = Array.isArray(data['@graph']) ? data['@graph'] : [data]
    for (const node of nodes as Array<Record<string, unknown>>) {
      for (const type of [node?.['@type']].flat()) {
        const [required = '', recommended = ''] =
          RICH_RESULTS.get(`${type}`.replace(/^(News|Blog)Posting$|^NewsArticle$/, 'Article')) ?? []
        for (const [list, rule, severity] of [
          [required, 'jsonld-required', 'error'],
          [recommended, 'jsonld-recommended', 'warning'],
        ] as const) {
          for (const property of list.split(' ').filter(Boolean)) {
            const names = property.split('|')
            if (!names.some((name) => node[name] !== undefined && node[name] !== ''))
              add(
                rule,
                severity,
                `jsonLd.${index}.${names[0]}`,
                `${type} ${severity === 'error' ? 'needs' : 'should have'} ${names.join(' or ')}.`,
              )
          }
        }
      }
    }
  })
  metadata.customTags?.forEach((tag, index) => {
    const name = tag.name.trim().toLowerCase()
    const field = `customTags.${index}.`
    if (!name) add('custom-tag-empty', 'warning', `${field}name`, 'Name the tag or remove it.')
    else if (!tag.content.trim())
      add('custom-tag-empty', 'warning', `${field}content`, `“${tag.name}” has no content.`)
    if (
      name &&
      metadata.customTags?.findIndex((other) => other.name.trim().toLowerCase() === name) !== index
    )
      add('custom-tag-duplicate', 'warning', `${field}name`, `“${tag.name}” is set twice.`)
    if (name === 'canonical') canonical(tag.content, `${field}content`)
  })
  if (metadata.canonical && isWeb(ownCanonical) && page)
    elsewhere ||= strip(ownCanonical) !== strip(page)
  if (metadata.noindex && elsewhere)
    add(
      'noindex-with-canonical',
      'error',
      'noindex',
      'Noindex with a canonical elsewhere: keep one.',
    )
  return findings
}
