import type { Metadata } from '@headmark/metadata'
import { useId } from 'react'

interface LanguageVersionsPanelProps {
  /** What the page serves (the draft over what it inherits). */
  served: Metadata
  /** On a site with locales: the page's generated cluster (what it could not build is in the checks). */
  cluster?: { alternates: Record<string, string> }
  /** The locale of the version shown. */
  locale?: string
  /** The heading's level where the panel sits (the editor's side: h2; a change request's page card: h4). */
  headingLevel?: 'h2' | 'h3' | 'h4'
}

/**
 * The language links and structured data the page serves in its `<head>`, as the tags a crawler
 * reads: on a site with locales, the hreflang cluster Headmark builds from the site's locales
 * (the same on every version of the page), with what it had to leave out.
 */
export function LanguageVersionsPanel({
  served,
  cluster,
  locale,
  headingLevel: Heading = 'h2',
}: LanguageVersionsPanelProps) {
  // Unique per panel: a change request shows one per drafted page.
  const headingId = useId()
  const alternates = Object.entries(served.alternates ?? {})
  const jsonLd = served.jsonLd ?? []
  if (!cluster && alternates.length === 0 && jsonLd.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="side-panel stack hreflang-cluster">
      <div>
        <Heading id={headingId} className="card-heading">
          Language versions and structured data
        </Heading>
        <p className="muted small">
          {cluster
            ? 'Built from the site’s locales: every version of this page lists the same links, itself included, with an x-default.'
            : 'The language links and JSON-LD this page serves.'}
        </p>
      </div>
      {cluster && alternates.length === 0 ? (
        <p className="muted">
          The {locale} version serves no language links: it has no set of its own, or is noindex.
        </p>
      ) : null}
      {alternates.length > 0 ? (
        // Focusable: a narrow screen scrolls the long lines sideways, with the keyboard too.
        <pre aria-label="Language links" className="mono" tabIndex={0}>
          {alternates
            .map(
              ([hreflang, href]) => `<link rel="alternate" hreflang="${hreflang}" href="${href}">`,
            )
            .join('\n')}
        </pre>
      ) : null}
      {jsonLd.length > 0 ? (
        <pre aria-label="Structured data" className="mono" tabIndex={0}>
          {jsonLd
            .map(
              (item) =>
                `<script type="application/ld+json">\n${JSON.stringify(item, null, 2)}\n</script>`,
            )
            .join('\n')}
        </pre>
      ) : null}
    </section>
  )
}
