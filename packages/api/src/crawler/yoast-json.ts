import type { UnmappedTag } from './types.ts'

// Yoast SEO's `yoast_head_json` (the field it adds to WordPress's /wp/v2/posts and /wp/v2/pages
// answers, Yoast SEO 16.7+) written back as the head tags Yoast would print, so parseHead maps,
// checks and lists them exactly as it does a page's head. Keys it has no tag for are listed.

const escapeAttribute = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
const escapeText = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined

const OG_KEYS = ['og_locale', 'og_type', 'og_title', 'og_description', 'og_url', 'og_site_name']
const ARTICLE_KEYS = [
  'article_publisher',
  'article_author',
  'article_published_time',
  'article_modified_time',
]
const TWITTER_KEYS = [
  'twitter_card',
  'twitter_title',
  'twitter_description',
  'twitter_image',
  'twitter_site',
  'twitter_creator',
]

/** The head tags `yoast_head_json` stands for, and the keys that have none. */
export function yoastJsonToHead(json: Record<string, unknown>): {
  html: string
  unmapped: UnmappedTag[]
} {
  const tags: string[] = []
  const unmapped: UnmappedTag[] = []
  const meta = (attribute: 'name' | 'property', key: string, value: unknown) => {
    const content = text(value)
    if (content !== undefined) {
      tags.push(`<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`)
    }
  }
  for (const [key, value] of Object.entries(json)) {
    if (key === 'title') {
      const title = text(value)
      if (title !== undefined) tags.push(`<title>${escapeText(title)}</title>`)
    } else if (key === 'description') meta('name', 'description', value)
    else if (key === 'author') meta('name', 'author', value)
    else if (key === 'canonical') {
      const href = text(value)
      if (href !== undefined) tags.push(`<link rel="canonical" href="${escapeAttribute(href)}" />`)
    } else if (key === 'robots' && value && typeof value === 'object') {
      // { index: 'noindex', follow: 'follow', 'max-snippet': 'max-snippet:-1', … }
      const directives = Object.values(value as Record<string, unknown>)
        .map(text)
        .filter((directive): directive is string => directive !== undefined)
      if (directives.length > 0) meta('name', 'robots', directives.join(', '))
    } else if (OG_KEYS.includes(key)) meta('property', `og:${key.slice(3)}`, value)
    else if (ARTICLE_KEYS.includes(key)) meta('property', `article:${key.slice(8)}`, value)
    else if (TWITTER_KEYS.includes(key)) meta('name', `twitter:${key.slice(8)}`, value)
    else if (key === 'og_image' && Array.isArray(value)) {
      for (const image of value as Array<Record<string, unknown> | null>) {
        if (!image || typeof image !== 'object' || text(image.url) === undefined) continue
        meta('property', 'og:image', image.url)
        meta('property', 'og:image:width', image.width)
        meta('property', 'og:image:height', image.height)
        meta('property', 'og:image:type', image.type)
        meta('property', 'og:image:alt', image.alt)
      }
    } else if (key === 'twitter_misc' && value && typeof value === 'object') {
      Object.entries(value as Record<string, unknown>).forEach(([label, data], index) => {
        meta('name', `twitter:label${index + 1}`, label)
        meta('name', `twitter:data${index + 1}`, data)
      })
    } else if (key === 'schema' && value && typeof value === 'object') {
      // As Yoast prints it: `<` escaped so the script can not be closed early.
      const script = JSON.stringify(value).replaceAll('<', '\\u003c')
      tags.push(`<script type="application/ld+json" class="yoast-schema-graph">${script}</script>`)
    } else {
      const shown = JSON.stringify({ [key]: value }) ?? key
      unmapped.push({
        html: shown.length > 300 ? `${shown.slice(0, 299)}…` : shown,
        reason: `yoast_head_json's ${key.slice(0, 64)} is not a Headmark field`,
      })
    }
  }
  return { html: tags.join('\n'), unmapped }
}
