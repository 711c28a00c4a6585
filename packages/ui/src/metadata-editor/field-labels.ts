const GROUPS: Record<string, string> = {
  openGraph: 'Open Graph',
  twitter: 'Twitter',
  robots: 'Search engine directives',
}

const NAMES: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  noindex: 'Hide from search engines',
  type: 'Type',
  siteName: 'Site name',
  locale: 'Locale',
  localeAlternate: 'Alternate locales',
  url: 'URL',
  determiner: 'Determiner',
  card: 'Card',
  alt: 'Alternative text',
  width: 'Width',
  height: 'Height',
  mimeType: 'Type',
  name: 'Name',
  content: 'Content',
  canonical: 'Canonical URL',
  alternates: 'Language versions',
  nofollow: 'Do not follow links',
  noarchive: 'No cached copy',
  noimageindex: 'Do not index images',
  maxSnippet: 'Snippet length',
  maxImagePreview: 'Image preview',
  maxVideoPreview: 'Video preview',
}

// Lists whose entries are numbered for people: `icon.0` is "Icon 1".
const LISTS: Record<string, string> = {
  icon: 'Icon',
  appleTouchIcon: 'Apple touch icon',
  images: 'Image',
  customTags: 'Custom tag',
  jsonLd: 'Structured data item',
}

/**
 * The label a person reads for a dotted metadata path, as the editor's tabs and fields name it.
 *
 * @example
 * metadataFieldLabel('openGraph.image.width') // 'Open Graph › Main image › Width'
 * metadataFieldLabel('customTags.2.name') // 'Custom tag 3 › Name'
 */
export function metadataFieldLabel(path: string): string {
  const segments = path.split('.')
  const parts: string[] = []
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] ?? ''
    const group = GROUPS[segment]
    const list = LISTS[segment]
    const next = segments[index + 1]
    if (index === 0 && group) parts.push(group)
    else if (list && next !== undefined && /^\d+$/.test(next)) {
      parts.push(`${list} ${Number(next) + 1}`)
      index += 1
    } else if (segment === 'image')
      parts.push(segments[0] === 'twitter' ? 'Card image' : 'Main image')
    else if (segment === 'url' && segments[0] === 'openGraph' && index === 1)
      parts.push('Canonical URL')
    else parts.push(NAMES[segment] ?? segment)
  }
  return parts.join(' › ')
}
