import type { Metadata } from '@headmark/metadata'
import { CodeBlock } from '@headmark/ui'

/** What the public API serves for this path now: the saved page over its path rules and the site's defaults. */
export function ServedPanel({ served, pagePath }: { served: Metadata; pagePath: string | null }) {
  return (
    <section aria-labelledby="served-heading" className="side-panel stack">
      <h2 id="served-heading" className="card-heading">
        Served
      </h2>
      <p className="muted small">
        {pagePath === null
          ? 'What a path without a page of its own gets from the public API, as last saved.'
          : 'What the public API answers for this path, as last saved: this page over the path rules that match it and the site’s defaults, with the title template applied.'}
      </p>
      <CodeBlock
        label={pagePath === null ? 'Served by default' : `Served for ${pagePath}`}
        language="json"
        code={JSON.stringify(served, null, 2)}
      />
    </section>
  )
}
