import type { Metadata } from '@headmark/metadata'
import { getMetadataPath } from './paths.ts'

// What a page serves is its site's defaults overlaid field by field: top-level fields and the
// fields of `openGraph` and `twitter` are inherited one by one, while an image or a list is
// replaced whole. Only paths of the first kind show an inherited value inside an empty field;
// a field inside the page's own image would inherit nothing, so it gets no inherited hint.
const FIELD_BY_FIELD = /^(?:title|description|(?:openGraph|twitter)\.[A-Za-z]+)$/

/**
 * The inherited value of a text or list field as the text to show in its empty box, if any.
 *
 * @example
 * inheritedText({ openGraph: { siteName: 'Acme' } }, 'openGraph.siteName') // 'Acme'
 * inheritedText({ openGraph: { image: { url: 'https://a.example/x.png' } } }, 'openGraph.image.url') // undefined
 */
export function inheritedText(inherited: Metadata, path: string): string | undefined {
  if (!FIELD_BY_FIELD.test(path)) return undefined
  const value = getMetadataPath(inherited, path)
  if (typeof value === 'string') return value === '' ? undefined : value
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length > 0 ? value.join(', ') : undefined
  }
  return undefined
}

/** One layer a page inherits from, least → most specific: the site's defaults, then each path rule. */
export interface InheritedLayer {
  /** How the editor names it under a field: "site defaults", "/blog/*". */
  source: string
  metadata: Metadata
  /**
   * The layer's structured data is replaced whole by the items edited here instead of served
   * before them (another locale's version over the default locale's: its items replace the
   * default version's).
   */
  jsonLdReplaced?: boolean
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  return true
}

/**
 * Which layer the inherited value of a field comes from: the most specific layer that sets it.
 *
 * @example
 * inheritedSource([{ source: 'site defaults', metadata: { description: 'Tools' } },
 *   { source: '/blog/*', metadata: { description: 'Posts' } }], 'description') // '/blog/*'
 */
export function inheritedSource(
  layers: readonly InheritedLayer[],
  path: string,
): string | undefined {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]
    if (layer && isSet(getMetadataPath(layer.metadata, path))) return layer.source
  }
  return undefined
}
