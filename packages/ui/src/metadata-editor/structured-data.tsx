import type { JsonLdObject } from '@headmark/metadata'
import { useEffect, useState } from 'react'
import { Button } from '../button/button.tsx'
import { Field } from '../field/field.tsx'
import { Select } from '../select/select.tsx'
import { Textarea } from '../textarea/textarea.tsx'
import { useEditor } from './editor-context.ts'

const CONTEXT = 'https://schema.org'

/** Starting points for the types with rich results: what Google requires, left to fill in. */
export const JSON_LD_TEMPLATES: Record<string, JsonLdObject> = {
  Article: {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: '',
    image: [],
    datePublished: '',
    author: [{ '@type': 'Person', name: '' }],
  },
  Product: {
    '@context': CONTEXT,
    '@type': 'Product',
    name: '',
    image: [],
    offers: { '@type': 'Offer', price: '', priceCurrency: 'USD' },
  },
  FAQPage: {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: [
      { '@type': 'Question', name: '', acceptedAnswer: { '@type': 'Answer', text: '' } },
    ],
  },
  Event: {
    '@context': CONTEXT,
    '@type': 'Event',
    name: '',
    startDate: '',
    location: { '@type': 'Place', name: '', address: '' },
  },
  LocalBusiness: {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    name: '',
    address: { '@type': 'PostalAddress', streetAddress: '', addressLocality: '' },
  },
  Organization: { '@context': CONTEXT, '@type': 'Organization', name: '', url: '', logo: '' },
  WebSite: { '@context': CONTEXT, '@type': 'WebSite', name: '', url: '' },
}

const titleCase = (segment: string) => {
  const words = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * A BreadcrumbList for a page URL: one item per path segment, each pointing at its prefix.
 *
 * @example
 * breadcrumbsFor('https://acme.com/blog/hello-world') // Home › Blog › Hello world
 */
export function breadcrumbsFor(pageUrl: string): JsonLdObject {
  const url = new URL(pageUrl)
  const segments = url.pathname.split('/').filter(Boolean)
  const items = [{ name: 'Home', item: `${url.origin}/` }]
  segments.forEach((segment, index) => {
    items.push({
      name: titleCase(segment),
      item: `${url.origin}/${segments.slice(0, index + 1).join('/')}`,
    })
  })
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      ...item,
    })),
  }
}

// Stored JSON keeps no key order; people read "@context", "@type" and "@id" first.
const LEADING = ['@context', '@type', '@id']
function leadingKeysFirst(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leadingKeysFirst)
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value).map(([key, item]) => [key, leadingKeysFirst(item)] as const)
  const rank = (key: string) => {
    const index = LEADING.indexOf(key)
    return index === -1 ? LEADING.length : index
  }
  return Object.fromEntries(entries.toSorted(([a], [b]) => rank(a) - rank(b)))
}

const format = (items: readonly JsonLdObject[] | undefined) =>
  items && items.length > 0 ? JSON.stringify(leadingKeysFirst(items), null, 2) : ''

/** Reads the text as structured data: a JSON array of objects, or one object. */
export function parseJsonLd(
  text: string,
): { ok: true; items: JsonLdObject[] } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, items: [] }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return {
      ok: false,
      message: `This is not JSON yet (${(error as Error).message}). Fix it before saving; nothing else is lost.`,
    }
  }
  const items = Array.isArray(value) ? value : [value]
  return { ok: true, items: items as JsonLdObject[] }
}

const typeOf = (item: JsonLdObject) =>
  typeof item['@type'] === 'string' ? item['@type'] : '@graph' in item ? 'Graph' : 'Item'

/** Structured data (JSON-LD) of the page or the site: raw JSON, with templates to start from. */
export function StructuredDataPanel({ pageUrl }: { pageUrl?: string | undefined }) {
  const editor = useEditor()
  const formatted = format(editor.value.jsonLd)
  const [draft, setDraft] = useState(formatted)
  const [shown, setShown] = useState({ formatted, generation: editor.generation })
  let parsed = parseJsonLd(draft)
  if (shown.formatted !== formatted || shown.generation !== editor.generation) {
    setShown({ formatted, generation: editor.generation })
    const reset = shown.generation !== editor.generation
    if (reset || !parsed.ok || format(parsed.items) !== formatted) {
      setDraft(formatted)
      parsed = parseJsonLd(formatted)
    }
  }
  const { report } = editor
  const problem = parsed.ok ? undefined : parsed.message
  useEffect(() => {
    report('jsonLd', problem)
    return () => report('jsonLd', undefined)
  }, [report, problem])

  const items = editor.value.jsonLd ?? []
  const inherited = editor.inherited.jsonLd ?? []
  const add = (item: JsonLdObject) => {
    const next = [...(parsed.ok ? parsed.items : items), item]
    setDraft(format(next))
    editor.set('jsonLd', next)
  }
  const itemError = items.map((_, index) => editor.errorFor(`jsonLd.${index}`)).find(Boolean)

  return (
    <div className="hm-metadata-editor__stack">
      {inherited.length > 0 ? (
        <p className="hm-metadata-editor__none">
          Inherited: the site’s {inherited.map(typeOf).join(', ')}, served before the items here.
        </p>
      ) : null}
      {editor.readOnly ? null : (
        <div className="hm-metadata-editor__structured-actions">
          <Select
            aria-label="Add an item"
            placeholder="Add an item…"
            value=""
            options={Object.keys(JSON_LD_TEMPLATES).map((type) => ({ value: type, label: type }))}
            onValueChange={(type) => {
              const template = JSON_LD_TEMPLATES[type]
              if (template) add(structuredClone(template))
            }}
          />
          {pageUrl && editor.scope === 'page' ? (
            <Button onClick={() => add(breadcrumbsFor(pageUrl))}>Breadcrumbs from the path</Button>
          ) : null}
        </div>
      )}
      <Field
        id={editor.idFor('jsonLd')}
        label="Structured data (JSON-LD)"
        description={
          items.length > 0
            ? `${items.length} ${items.length === 1 ? 'item' : 'items'}: ${items.map(typeOf).join(', ')}. Each is served as its own <script type="application/ld+json">.`
            : 'A JSON array of schema.org objects, each with an "@type". The checks say what Google requires for each type.'
        }
        error={problem ?? editor.errorFor('jsonLd') ?? itemError}
      >
        <Textarea
          rows={Math.min(24, Math.max(6, draft.split('\n').length + 1))}
          dir="ltr"
          spellCheck={false}
          className="hm-metadata-editor__code"
          value={draft}
          readOnly={editor.readOnly}
          placeholder={
            '[\n  { "@context": "https://schema.org", "@type": "Article", "headline": "…" }\n]'
          }
          onChange={(event) => {
            setDraft(event.target.value)
            const next = parseJsonLd(event.target.value)
            if (next.ok) editor.set('jsonLd', next.items)
          }}
          onBlur={() => editor.touch('jsonLd')}
        />
      </Field>
    </div>
  )
}
