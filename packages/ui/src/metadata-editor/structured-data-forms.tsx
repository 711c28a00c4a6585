import type { JsonLdObject } from '@headmark/metadata'
import { Button } from '../button/button.tsx'
import { Field } from '../field/field.tsx'
import { Input } from '../input/input.tsx'
import { Select } from '../select/select.tsx'
import { Textarea } from '../textarea/textarea.tsx'
import { useEditor } from './editor-context.ts'

/** A step into a JSON-LD object: a property name, or an index into an array. */
export type JsonPath = readonly (string | number)[]

type Kind = 'text' | 'url' | 'date' | 'number' | 'long' | 'lines' | 'select'

interface FormField {
  path: JsonPath
  label: string
  kind?: Kind
  /** Google requires it for the rich result; shown with an asterisk. */
  required?: boolean
  description?: string
  options?: readonly { value: string; label: string }[]
}

interface FormList {
  /** Where the array lives, e.g. `['mainEntity']`. */
  list: JsonPath
  label: string
  /** One entry's name, e.g. "Question". */
  itemLabel: string
  fields: readonly FormField[]
  /** A new, empty entry. */
  make: (position: number) => Record<string, unknown>
  /** Keeps `position` equal to the entry's place (breadcrumbs). */
  numbered?: boolean
}

type FormEntry = FormField | FormList

const AVAILABILITY = ['InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'Discontinued'].map(
  (name) => ({
    value: `https://schema.org/${name}`,
    label: name.replace(/([a-z])([A-Z])/g, '$1 $2'),
  }),
)
const EVENT_STATUS = ['EventScheduled', 'EventPostponed', 'EventRescheduled', 'EventCancelled'].map(
  (name) => ({
    value: `https://schema.org/${name}`,
    label: name.replace(/^Event/, ''),
  }),
)
const ISO_DATE = 'An ISO 8601 date, with the time and zone if known: 2026-11-27T09:00+01:00.'

const address = (path: JsonPath, required = false): FormField[] => [
  { path: [...path, 'streetAddress'], label: 'Street address', required },
  { path: [...path, 'addressLocality'], label: 'City', required },
  { path: [...path, 'postalCode'], label: 'Postal code' },
  { path: [...path, 'addressRegion'], label: 'Region' },
  { path: [...path, 'addressCountry'], label: 'Country', description: 'A two-letter code: DE.' },
]

/**
 * The form of each type with a rich result, after Google's documentation: the required
 * properties first (marked), then the recommended ones. Anything else stays editable as JSON.
 */
export const JSON_LD_FORMS: Readonly<Record<string, readonly FormEntry[]>> = {
  Article: [
    { path: ['headline'], label: 'Headline', required: true },
    { path: ['image'], label: 'Images', kind: 'lines', description: 'One URL per line.' },
    { path: ['datePublished'], label: 'Published', kind: 'date', description: ISO_DATE },
    { path: ['dateModified'], label: 'Modified', kind: 'date' },
    {
      list: ['author'],
      label: 'Authors',
      itemLabel: 'Author',
      fields: [
        { path: ['name'], label: 'Name' },
        { path: ['url'], label: 'Profile URL', kind: 'url' },
      ],
      make: () => ({ '@type': 'Person', name: '' }),
    },
  ],
  Product: [
    { path: ['name'], label: 'Name', required: true },
    { path: ['description'], label: 'Description', kind: 'long' },
    { path: ['image'], label: 'Images', kind: 'lines', description: 'One URL per line.' },
    { path: ['brand', 'name'], label: 'Brand' },
    { path: ['sku'], label: 'SKU' },
    { path: ['offers', 'price'], label: 'Price', description: 'A number: 29.00.' },
    { path: ['offers', 'priceCurrency'], label: 'Currency', description: 'ISO 4217: USD, EUR.' },
    {
      path: ['offers', 'availability'],
      label: 'Availability',
      kind: 'select',
      options: AVAILABILITY,
    },
    { path: ['aggregateRating', 'ratingValue'], label: 'Average rating', kind: 'number' },
    { path: ['aggregateRating', 'reviewCount'], label: 'Number of reviews', kind: 'number' },
  ],
  FAQPage: [
    {
      list: ['mainEntity'],
      label: 'Questions',
      itemLabel: 'Question',
      fields: [
        { path: ['name'], label: 'Question', required: true },
        { path: ['acceptedAnswer', 'text'], label: 'Answer', kind: 'long', required: true },
      ],
      make: () => ({
        '@type': 'Question',
        name: '',
        acceptedAnswer: { '@type': 'Answer', text: '' },
      }),
    },
  ],
  BreadcrumbList: [
    {
      list: ['itemListElement'],
      label: 'Breadcrumbs',
      itemLabel: 'Crumb',
      numbered: true,
      fields: [
        { path: ['name'], label: 'Name', required: true },
        {
          path: ['item'],
          label: 'URL',
          kind: 'url',
          description: 'Leave empty on the last crumb.',
        },
      ],
      make: (position) => ({ '@type': 'ListItem', position, name: '' }),
    },
  ],
  Event: [
    { path: ['name'], label: 'Name', required: true },
    { path: ['startDate'], label: 'Starts', kind: 'date', required: true, description: ISO_DATE },
    { path: ['endDate'], label: 'Ends', kind: 'date' },
    { path: ['eventStatus'], label: 'Status', kind: 'select', options: EVENT_STATUS },
    { path: ['location', 'name'], label: 'Place', required: true },
    ...address(['location', 'address']),
    { path: ['description'], label: 'Description', kind: 'long' },
    { path: ['image'], label: 'Images', kind: 'lines', description: 'One URL per line.' },
  ],
  LocalBusiness: [
    { path: ['name'], label: 'Name', required: true },
    ...address(['address'], true),
    { path: ['telephone'], label: 'Telephone' },
    { path: ['url'], label: 'Website', kind: 'url' },
    { path: ['priceRange'], label: 'Price range', description: 'E.g. $$ or 10–20 EUR.' },
    { path: ['image'], label: 'Images', kind: 'lines', description: 'One URL per line.' },
  ],
  Organization: [
    { path: ['name'], label: 'Name', required: true },
    { path: ['url'], label: 'Website', kind: 'url' },
    { path: ['logo'], label: 'Logo', kind: 'url' },
    {
      path: ['sameAs'],
      label: 'Profiles elsewhere',
      kind: 'lines',
      description: 'One URL per line: social profiles, Wikipedia.',
    },
  ],
  WebSite: [
    { path: ['name'], label: 'Site name', required: true },
    { path: ['alternateName'], label: 'Alternate name' },
    { path: ['url'], label: 'Home page', kind: 'url' },
  ],
}

/** The value at `path`, or `undefined`. */
export function getIn(value: unknown, path: JsonPath): unknown {
  let current = value
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[step]
  }
  return current
}

/**
 * A copy of `value` with `next` at `path`, creating the objects on the way; `undefined` removes
 * the property. Nothing is changed in place.
 */
export function setIn(value: unknown, path: JsonPath, next: unknown): unknown {
  const [step, ...rest] = path
  if (step === undefined) return next
  const child = rest.length === 0 ? next : setIn(getIn(value, [step]), rest, next)
  if (typeof step === 'number') {
    const array = Array.isArray(value) ? [...value] : []
    if (child === undefined) array.splice(step, 1)
    else array[step] = child
    return array
  }
  const object =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {}
  if (child === undefined) delete object[step]
  else object[step] = child
  return object
}

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : ''

function fromInput(kind: Kind, text: string): unknown {
  if (kind === 'lines') {
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    return lines.length === 0 ? undefined : lines
  }
  if (text === '') return undefined
  if (kind === 'number' && /^\d+(\.\d+)?$/.test(text.trim())) return Number(text.trim())
  return text
}

function toInput(kind: Kind, value: unknown): string {
  if (kind === 'lines') {
    if (Array.isArray(value)) return value.map(asText).join('\n')
    return asText(value)
  }
  return asText(value)
}

interface ItemFormProps {
  item: JsonLdObject
  index: number
  onChange: (next: JsonLdObject) => void
}

function FieldControl({
  field,
  base,
  item,
  index,
  onChange,
}: {
  field: FormField
  base: JsonPath
  item: JsonLdObject
  index: number
  onChange: (next: JsonLdObject) => void
}) {
  const editor = useEditor()
  const path = [...base, ...field.path]
  const kind = field.kind ?? 'text'
  const id = editor.idFor(`jsonLd.${index}.${path.join('.')}`)
  const value = toInput(kind, getIn(item, path))
  const update = (text: string) =>
    onChange(setIn(item, path, fromInput(kind, text)) as JsonLdObject)
  return (
    <Field id={id} label={field.label} description={field.description} required={field.required}>
      {kind === 'select' ? (
        <Select
          options={field.options ?? []}
          value={value}
          disabled={editor.readOnly}
          onValueChange={update}
        />
      ) : kind === 'long' || kind === 'lines' ? (
        <Textarea
          rows={kind === 'lines' ? 2 : 3}
          dir={kind === 'lines' ? 'ltr' : 'auto'}
          value={value}
          readOnly={editor.readOnly}
          onChange={(event) => update(event.target.value)}
        />
      ) : (
        <Input
          type={kind === 'url' ? 'url' : 'text'}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          dir={kind === 'url' || kind === 'date' || kind === 'number' ? 'ltr' : 'auto'}
          value={value}
          readOnly={editor.readOnly}
          onChange={(event) => update(event.target.value)}
        />
      )}
    </Field>
  )
}

function ListControl({ entry, item, index, onChange }: { entry: FormList } & ItemFormProps) {
  const editor = useEditor()
  const raw = getIn(item, entry.list)
  const entries: unknown[] = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]
  // A single object where a list may stand (one author) is edited as a list of one.
  const normalized = Array.isArray(raw) ? item : (setIn(item, entry.list, entries) as JsonLdObject)
  const write = (next: unknown[]) => {
    const renumbered = entry.numbered
      ? next.map((value, position) => setIn(value, ['position'], position + 1))
      : next
    onChange(setIn(item, entry.list, renumbered) as JsonLdObject)
  }
  return (
    <fieldset className="hm-metadata-editor__structured-list">
      <legend>{entry.label}</legend>
      {entries.length === 0 ? <p className="hm-metadata-editor__none">None yet.</p> : null}
      {entries.map((_, position) => (
        <div key={position} className="hm-metadata-editor__structured-entry">
          <div className="hm-metadata-editor__structured-entry-head">
            <span>
              {entry.itemLabel} {position + 1}
            </span>
            {editor.readOnly ? null : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${entry.itemLabel.toLowerCase()} ${position + 1}`}
                onClick={() => write(entries.filter((__, at) => at !== position))}
              >
                Remove
              </Button>
            )}
          </div>
          {entry.fields.map((field) => (
            <FieldControl
              key={field.path.join('.')}
              field={field}
              base={[...entry.list, position]}
              item={normalized}
              index={index}
              onChange={onChange}
            />
          ))}
        </div>
      ))}
      {editor.readOnly ? null : (
        <Button size="sm" onClick={() => write([...entries, entry.make(entries.length + 1)])}>
          Add {entry.itemLabel.toLowerCase()}
        </Button>
      )}
    </fieldset>
  )
}

/** Whether an item has a form: a single `@type` among {@link JSON_LD_FORMS}. */
export const hasForm = (item: JsonLdObject): boolean =>
  typeof item['@type'] === 'string' && item['@type'] in JSON_LD_FORMS

/** One JSON-LD item of a type with a form, edited field by field. */
export function StructuredDataItemForm({ item, index, onChange }: ItemFormProps) {
  const form = JSON_LD_FORMS[item['@type'] as string] ?? []
  return (
    <div className="hm-metadata-editor__structured-form">
      {form.map((entry) =>
        'list' in entry ? (
          <ListControl
            key={entry.list.join('.')}
            entry={entry}
            item={item}
            index={index}
            onChange={onChange}
          />
        ) : (
          <FieldControl
            key={entry.path.join('.')}
            field={entry}
            base={[]}
            item={item}
            index={index}
            onChange={onChange}
          />
        ),
      )}
    </div>
  )
}
