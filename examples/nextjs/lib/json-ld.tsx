import type { Metadata } from '@headmark/metadata'
import { jsonLdScriptProps } from '@headmark/metadata/next'

/**
 * The page's structured data from Headmark (the site's first, then the page's), one script each,
 * escaped so that no value can end the element. Next renders JSON-LD in the page, not in
 * `generateMetadata`.
 */
export function HeadmarkJsonLd({ metadata }: { metadata: Metadata | null | undefined }) {
  return metadata?.jsonLd?.map((data, index) => <script key={index} {...jsonLdScriptProps(data)} />)
}
