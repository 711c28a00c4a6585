import { gunzipSync } from 'node:zlib'
import { XMLParser } from 'fast-xml-parser'

/** What one sitemap file lists: page URLs (a urlset) or other sitemaps (a sitemap index). */
export interface SitemapEntries {
  kind: 'urlset' | 'index'
  locations: string[]
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
}

/** XML's five entities and numeric references; DOCTYPE entities are never expanded. */
function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      const code = Number.parseInt(name.slice(2), 16)
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    if (name.startsWith('#')) {
      const code = Number(name.slice(1))
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return XML_ENTITIES[name.toLowerCase()] ?? whole
  })
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
})

const GZIP_MAGIC = [0x1f, 0x8b]

/**
 * Reads a sitemap's bytes: gunzipped first when they start with gzip's magic bytes (a `.gz`
 * sitemap served without Content-Encoding), at most `maxBytes` once decompressed.
 */
export function readSitemap(bytes: Buffer, maxBytes: number): SitemapEntries {
  let body = bytes
  if (body[0] === GZIP_MAGIC[0] && body[1] === GZIP_MAGIC[1]) {
    try {
      body = gunzipSync(body, { maxOutputLength: maxBytes })
    } catch (error) {
      throw new Error(
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
          ? `the sitemap is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB once unzipped`
          : 'the gzipped sitemap could not be unzipped',
        { cause: error },
      )
    }
  }
  let document: Record<string, unknown>
  try {
    document = parser.parse(body.toString('utf8')) as Record<string, unknown>
  } catch (error) {
    throw new Error(`the sitemap is not valid XML (${(error as Error).message.split('\n')[0]})`, {
      cause: error,
    })
  }
  const locations = (items: unknown): string[] =>
    Array.isArray(items)
      ? items.flatMap((item) => {
          const loc = (item as { loc?: unknown } | null)?.loc
          return typeof loc === 'string' && loc.trim() ? [decodeXmlText(loc.trim())] : []
        })
      : []
  const index = document.sitemapindex as { sitemap?: unknown } | undefined
  if (index && typeof index === 'object')
    return { kind: 'index', locations: locations(index.sitemap) }
  const urlset = document.urlset as { url?: unknown } | undefined
  if (urlset && typeof urlset === 'object')
    return { kind: 'urlset', locations: locations(urlset.url) }
  throw new Error('the file is not a sitemap (no <urlset> or <sitemapindex>)')
}
