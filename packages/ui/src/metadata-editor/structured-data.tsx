import type { JsonLdObject } from '@headmark/metadata'
import type {
  Article,
  BreadcrumbList,
  Event,
  FAQPage,
  LocalBusiness,
  Organization,
  Product,
  WebSite,
  WithContext,
} from 'schema-dts'
import { useEffect, useState } from 'react'
import { Button } from '../button/button.tsx'
import { Field } from '../field/field.tsx'
import { Select } from '../select/select.tsx'
import { Textarea } from '../textarea/textarea.tsx'
import { useEditor } from './editor-context.ts'
import { hasForm, StructuredDataItemForm } from './structured-data-forms.tsx'

const CONTEXT = 'https://schema.org'

// Each template is checked against schema.org's types (schema-dts) when this file compiles.
const article = {
  '@context': CONTEXT,
  '@type': 'Article',
  headline: '',
  image: [],
  datePublished: '',
  author: [{ '@type': 'Person', name: '' }],
} satisfies WithContext<Article>
const product = {
  '@context': CONTEXT,
  '@type': 'Product',
  name: '',
  image: [],
  offers: { '@type': 'Offer', price: '', priceCurrency: 'USD' },
} satisfies WithContext<Product>
const faqPage = {
  '@context': CONTEXT,
  '@type': 'FAQPage',
  mainEntity: [{ '@type': 'Question', name: '', acceptedAnswer: { '@type': 'Answer', text: '' } }],
} satisfies WithContext<FAQPage>
const event = {
  '@context': CONTEXT,
  '@type': 'Event',
  name: '',
  startDate: '',
  location: {
    '@type': 'Place',
    name: '',
    address: { '@type': 'PostalAddress', streetAddress: '', addressLocality: '' },
  },
} satisfies WithContext<Event>
const localBusiness = {
  '@context': CONTEXT,
  '@type': 'LocalBusiness',
  name: '',
  address: { '@type': 'PostalAddress', streetAddress: '', addressLocality: '' },
} satisfies WithContext<LocalBusiness>
const organization = {
  '@context': CONTEXT,
  '@type': 'Organization',
  name: '',
  url: '',
  logo: '',
} satisfies WithContext<Organization>
const webSite = {
  '@context': CONTEXT,
  '@type': 'WebSite',
  name: '',
  url: '',
} satisfies WithContext<WebSite>
const breadcrumbList = {
  '@context': CONTEXT,
  '@type': 'BreadcrumbList',
  itemListElement: [{ '@type': 'ListItem', position: 1, name: '' }],
} satisfies WithContext<BreadcrumbList>

/** Starting points for the types with rich results: what Google requires, left to fill in. */
export const JSON_LD_TEMPLATES: Record<string, JsonLdObject> = {
  Article: article,
  Product: product,
  FAQPage: faqPage,
  BreadcrumbList: breadcrumbList,
  Event: event,
  LocalBusiness: localBusiness,
  Organization: organization,
  WebSite: webSite,
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
  // Layers whose items the items here replace (a locale's version over the default locale's)
  // are named apart; the rest (the site's defaults, path rules) are served before the items here.
  const replaced = (editor.inheritedFrom ?? []).flatMap((layer) =>
    layer.jsonLdReplaced && layer.metadata.jsonLd?.length
      ? [{ source: layer.source, items: layer.metadata.jsonLd }]
      : [],
  )
  const served = editor.inheritedFrom
    ? editor.inheritedFrom.flatMap((layer) =>
        layer.jsonLdReplaced ? [] : (layer.metadata.jsonLd ?? []),
      )
    : inherited
  const add = (item: JsonLdObject) => {
    const next = [...(parsed.ok ? parsed.items : items), item]
    setDraft(format(next))
    editor.set('jsonLd', next)
  }
  const itemError = items.map((_, index) => editor.errorFor(`jsonLd.${index}`)).find(Boolean)
  // Forms while the text is JSON; the JSON view whenever it is not, so that nothing typed is lost.
  const [view, setView] = useState<'forms' | 'json'>('forms')
  const shownView = problem ? 'json' : view
  const replace = (index: number, next: JsonLdObject | undefined) => {
    const list = items.flatMap((item, at) => (at !== index ? [item] : next ? [next] : []))
    editor.set('jsonLd', list.length > 0 ? list : undefined)
  }

  return (
    <div className="hm-metadata-editor__stack">
      {served.length > 0 ? (
        <p className="hm-metadata-editor__none">
          Inherited: the site’s {served.map(typeOf).join(', ')}, served before the items here.
        </p>
      ) : null}
      {replaced.map(({ source, items: theirs }) => (
        <p key={source} className="hm-metadata-editor__none">
          {items.length > 0
            ? `The ${source}’s ${theirs.map(typeOf).join(', ')} ${theirs.length === 1 ? 'is' : 'are'} not served here: the items here replace ${theirs.length === 1 ? 'it' : 'them'}.`
            : `Inherited from the ${source}: ${theirs.map(typeOf).join(', ')}, served until this version has items of its own, which replace ${theirs.length === 1 ? 'it' : 'them'}.`}
        </p>
      ))}
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
      <div className="hm-metadata-editor__view-switch" role="group" aria-label="Edit as">
        <Button
          size="sm"
          variant={shownView === 'forms' ? 'primary' : 'ghost'}
          aria-pressed={shownView === 'forms'}
          disabled={problem !== undefined}
          onClick={() => setView('forms')}
        >
          Forms
        </Button>
        <Button
          size="sm"
          variant={shownView === 'json' ? 'primary' : 'ghost'}
          aria-pressed={shownView === 'json'}
          onClick={() => setView('json')}
        >
          JSON
        </Button>
      </div>
      {shownView === 'forms' ? (
        <div className="hm-metadata-editor__stack">
          {items.length === 0 ? (
            <p className="hm-metadata-editor__none">
              No structured data on this {editor.scope === 'page' ? 'page' : 'site'} yet: add an
              item above.
            </p>
          ) : null}
          {items.map((item, index) => (
            <section
              key={index}
              className="hm-metadata-editor__structured-item"
              aria-label={`${typeOf(item)} (item ${index + 1})`}
            >
              <div className="hm-metadata-editor__structured-entry-head">
                <h3>{typeOf(item)}</h3>
                {editor.readOnly ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${typeOf(item)} (item ${index + 1})`}
                    onClick={() => replace(index, undefined)}
                  >
                    Remove
                  </Button>
                )}
              </div>
              {editor.errorFor(`jsonLd.${index}`) ? (
                <p className="hm-metadata-editor__structured-error" role="alert">
                  {editor.errorFor(`jsonLd.${index}`)}
                </p>
              ) : null}
              {hasForm(item) ? (
                <StructuredDataItemForm
                  item={item}
                  index={index}
                  onChange={(next) => replace(index, next)}
                />
              ) : (
                <p className="hm-metadata-editor__none">
                  There is no form for {typeOf(item)}: edit it as JSON.
                </p>
              )}
            </section>
          ))}
        </div>
      ) : null}
      <Field
        hidden={shownView !== 'json'}
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
