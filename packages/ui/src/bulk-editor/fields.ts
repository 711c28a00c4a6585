import {
  MAX_IMAGE_PREVIEWS,
  METADATA_LIMITS,
  type Metadata,
  OPEN_GRAPH_TYPES,
  TWITTER_CARDS,
} from '@headmark/metadata'
import { metadataFieldLabel } from '../metadata-editor/field-labels.ts'
import { getMetadataPath, setMetadataPath } from '../metadata-editor/paths.ts'
import { validateMetadata } from '../metadata-editor/validate.ts'

/** How a bulk cell shows and edits its value. */
export type BulkFieldKind = 'text' | 'url' | 'boolean' | 'select'

/** A cell's value: text for text, URL and select fields, a flag for boolean fields. */
export type BulkFieldValue = string | boolean

export interface BulkFieldDefinition {
  /** The dotted metadata path, as the editor, the diff and the server name the field. */
  key: string
  /** The editor's label for the field. */
  label: string
  kind: BulkFieldKind
  /** The choices of a select field; '' (unset) is always allowed. */
  options?: readonly string[]
  /** The most characters a text or URL value may hold. */
  maxLength?: number
  /** The page's own value; '' or false when unset. */
  get: (metadata: Metadata) => BulkFieldValue
  /** A copy of `metadata` with the value set; '' and false remove the field. */
  set: (metadata: Metadata, value: BulkFieldValue) => Metadata
}

const textField = (key: string, maxLength: number, kind: 'text' | 'url' = 'text') =>
  ({
    key,
    kind,
    maxLength,
    get: (metadata: Metadata) => {
      const value = getMetadataPath(metadata, key)
      return typeof value === 'string' ? value : ''
    },
    set: (metadata: Metadata, value: BulkFieldValue) =>
      setMetadataPath(metadata, key, typeof value === 'string' && value !== '' ? value : undefined),
  }) as const

const flagField = (key: string) =>
  ({
    key,
    kind: 'boolean',
    get: (metadata: Metadata) => getMetadataPath(metadata, key) === true,
    set: (metadata: Metadata, value: BulkFieldValue) =>
      setMetadataPath(metadata, key, value === true ? true : undefined),
  }) as const

const selectField = (key: string, options: readonly string[]) =>
  ({ ...textField(key, METADATA_LIMITS.text), kind: 'select', options }) as const

// An image's URL is one of four required fields (URL, width, height, type): a cell edits the URL
// of an image the page already has, and clearing it removes the image.
const imageUrlField = (group: 'openGraph' | 'twitter') =>
  ({
    ...textField(`${group}.image.url`, METADATA_LIMITS.url, 'url'),
    set: (metadata: Metadata, value: BulkFieldValue) =>
      typeof value === 'string' && value !== ''
        ? setMetadataPath(metadata, `${group}.image.url`, value)
        : setMetadataPath(metadata, `${group}.image`, undefined),
  }) as const

const DEFINITIONS = [
  textField('title', METADATA_LIMITS.title),
  textField('description', METADATA_LIMITS.description),
  textField('canonical', METADATA_LIMITS.url, 'url'),
  {
    ...flagField('noindex'),
    // `robots.noindex` means the same; the cell shows either and clears both.
    get: (metadata: Metadata) => metadata.noindex === true || metadata.robots?.noindex === true,
    set: (metadata: Metadata, value: BulkFieldValue) =>
      value === true
        ? setMetadataPath(metadata, 'noindex', true)
        : setMetadataPath(
            setMetadataPath(metadata, 'noindex', undefined),
            'robots.noindex',
            undefined,
          ),
  },
  flagField('robots.nofollow'),
  flagField('robots.noarchive'),
  flagField('robots.noimageindex'),
  selectField('robots.maxImagePreview', MAX_IMAGE_PREVIEWS),
  textField('openGraph.title', METADATA_LIMITS.title),
  textField('openGraph.description', METADATA_LIMITS.description),
  selectField('openGraph.type', OPEN_GRAPH_TYPES),
  textField('openGraph.siteName', METADATA_LIMITS.text),
  textField('openGraph.url', METADATA_LIMITS.url, 'url'),
  imageUrlField('openGraph'),
  textField('twitter.title', METADATA_LIMITS.title),
  textField('twitter.description', METADATA_LIMITS.description),
  selectField('twitter.card', TWITTER_CARDS),
  imageUrlField('twitter'),
] as const

/** The key of a field the bulk editor edits: `title`, `robots.nofollow`, `openGraph.image.url`… */
export type BulkFieldKey = (typeof DEFINITIONS)[number]['key']

/**
 * Every field the bulk editor shows as a column, in the editor's order, with the editor's labels.
 * The server's `missing` filter and the CSV columns use the same keys.
 */
export const BULK_FIELDS: readonly (BulkFieldDefinition & { key: BulkFieldKey })[] =
  DEFINITIONS.map((definition) => ({ ...definition, label: metadataFieldLabel(definition.key) }))

const BY_KEY = new Map(BULK_FIELDS.map((field) => [field.key, field]))

/** The definition of one bulk field. */
export function bulkField(key: BulkFieldKey): BulkFieldDefinition & { key: BulkFieldKey } {
  const field = BY_KEY.get(key)
  if (!field) throw new Error(`Unknown bulk field “${key}”.`)
  return field
}

export const isBulkFieldKey = (key: string): key is BulkFieldKey => BY_KEY.has(key as BulkFieldKey)

/** The columns shown until a person chooses: the fields search results and shares show. */
export const DEFAULT_BULK_COLUMNS: readonly BulkFieldKey[] = [
  'title',
  'description',
  'canonical',
  'noindex',
  'openGraph.title',
  'openGraph.image.url',
]

/**
 * Sets one field and checks the result with the editor's rules: the message the editor would
 * show for that field, or the new metadata. Problems elsewhere on the page do not block the cell.
 *
 * @example
 * setBulkField(page.metadata, 'canonical', 'not a url') // { error: 'Enter the canonical URL in full…' }
 */
export function setBulkField(
  metadata: Metadata,
  key: BulkFieldKey,
  value: BulkFieldValue,
): { metadata: Metadata; error?: undefined } | { error: string; metadata?: undefined } {
  const field = bulkField(key)
  if (typeof value === 'string') {
    if (field.kind === 'boolean') return { error: 'Choose yes or no.' }
    if (field.maxLength !== undefined && value.length > field.maxLength)
      return {
        error: `Keep it to ${field.maxLength.toLocaleString('en')} characters (it has ${value.length.toLocaleString('en')}).`,
      }
    if (field.options && value !== '' && !field.options.includes(value))
      return { error: `Choose one of: ${field.options.filter(Boolean).join(', ')}.` }
    if (key.endsWith('.image.url') && value !== '' && field.get(metadata) === '')
      return {
        error:
          'This page has no image here yet: add it in the page’s editor, with its size and type.',
      }
  } else if (field.kind !== 'boolean') return { error: 'Enter text.' }
  const next = field.set(metadata, value)
  const errors = validateMetadata(next)
  const own = errors[key]
  if (own) return { error: own }
  return { metadata: next }
}

/** The value as a cell shows it in text: booleans as Yes or nothing. */
export function formatBulkValue(value: BulkFieldValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : ''
  return value
}
