import type { Metadata, MetadataImage } from '@headmark/metadata'

/** `value` as an absolute URL (resolved against `base` when given), or undefined. */
export function toUrl(value: string | undefined, base?: string): URL | undefined {
  if (!value) return undefined
  try {
    return base ? new URL(value, base) : new URL(value)
  } catch {
    return undefined
  }
}

/**
 * `value` as an image address a preview may load: http(s), or an inline `data:image/…`. Anything
 * else (javascript:, file:, data:text/html, a relative path) is not an image a network would show.
 */
export function imageUrl(value: string | undefined, base?: string): string | undefined {
  const url = toUrl(value, base)
  if (!url) return undefined
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.href
  return url.protocol === 'data:' && /^data:image\//i.test(url.href) ? url.href : undefined
}

/** The host people recognise: `www.` dropped. */
export function displayHost(url: string): string {
  return (toUrl(url)?.hostname ?? url).replace(/^www\./, '')
}

/** `https://acme.com › pricing › teams`, the way search results show a page's address. */
export function breadcrumb(url: string): string {
  const parsed = toUrl(url)
  if (!parsed) return url
  const segments = parsed.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        return segment
      }
    })
  return [`${parsed.protocol}//${parsed.host}`, ...segments].join(' › ')
}

/** The icon a search result or chat shows for the site: the first icon, resolved against the page. */
export function faviconUrl(metadata: Metadata, url: string): string | undefined {
  const icon = metadata.icon?.[0] ?? metadata.appleTouchIcon?.[0]
  return imageUrl(icon?.url, url)
}

/** The Open Graph image networks read: `og:image`, else the first of `og:images`. */
export function openGraphImage(metadata: Metadata): MetadataImage | undefined {
  return metadata.openGraph?.image ?? metadata.openGraph?.images?.[0]
}
