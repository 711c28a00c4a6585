import {
  type GetLatestResponse,
  type Metadata,
  type MetadataImage,
  type MetadataUpdatePayload,
  OPEN_GRAPH_DETERMINERS,
  OPEN_GRAPH_TYPES,
  TWITTER_CARDS,
  type WebhookPayload,
} from './types.ts'

// The guards check what the rendering code relies on (types of known fields, enum values) and
// let unknown extra fields through: the contract allows additive extensions.

type Check = (value: unknown) => boolean

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString: Check = (value) => typeof value === 'string'
const isBoolean: Check = (value) => typeof value === 'boolean'
// `Number.isFinite` is false for anything but a finite number.
const isDimension: Check = (value) => Number.isFinite(value) && (value as number) >= 0
const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    values.includes(value as string)
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check)
const shape =
  (fields: Record<string, Check>, required: readonly string[] = []): Check =>
  (value) =>
    isRecord(value) &&
    required.every((key) => value[key] !== undefined) &&
    Object.entries(fields).every(([key, check]) => value[key] === undefined || check(value[key]))

const image = shape(
  { url: isString, alt: isString, width: isDimension, height: isDimension, mimeType: isString },
  ['url', 'width', 'height', 'mimeType'],
)
// The metadata object, with the checks of its three enum fields given: the exported guards check
// the values, the client only that they are strings (below).
const metadataShape = (ogType: Check, determiner: Check, card: Check) =>
  shape({
    title: isString,
    description: isString,
    noindex: isBoolean,
    canonical: isString,
    robots: isRecord,
    alternates: isRecord,
    jsonLd: arrayOf(isRecord),
    icon: arrayOf(image),
    appleTouchIcon: arrayOf(image),
    openGraph: shape({
      title: isString,
      description: isString,
      locale: isString,
      localeAlternate: arrayOf(isString),
      siteName: isString,
      type: ogType,
      url: isString,
      determiner,
      image,
      images: arrayOf(image),
    }),
    twitter: shape({
      title: isString,
      description: isString,
      card,
      image,
    }),
    customTags: arrayOf(shape({ name: isString, content: isString }, ['name', 'content'])),
  })
const metadata = /* @__PURE__ */ metadataShape(
  /* @__PURE__ */ oneOf(OPEN_GRAPH_TYPES),
  /* @__PURE__ */ oneOf(OPEN_GRAPH_DETERMINERS),
  /* @__PURE__ */ oneOf(TWITTER_CARDS),
)
const getLatestResponse = /* @__PURE__ */ shape({ metadata, metadataRevisionId: isString }, [
  'metadata',
])
// Pure: a bundle that only uses the client's check leaves the webhook payload's out.
const metadataUpdate = /* @__PURE__ */ shape(
  {
    path: (value) => value === null || isString(value),
    metadataRevisionId: isString,
    metadata,
    site: /* @__PURE__ */ shape({ hostname: isString, dsn: isString }, ['hostname', 'dsn']),
    timestamp: isString,
    locale: isString,
  },
  ['path', 'metadataRevisionId', 'metadata', 'site', 'timestamp'],
)

/**
 * Whether a value is a well-formed image (icon, Open Graph or X image) of the public API.
 *
 * @example
 * isMetadataImage({ url: '/icon.png', width: 32, height: 32, mimeType: 'image/png' }) // true
 */
export function isMetadataImage(value: unknown): value is MetadataImage {
  return image(value)
}

/**
 * Whether a value is a well-formed metadata object. Use it on anything read from the network.
 *
 * @example
 * isMetadata({ title: 'Pricing', noindex: false }) // true
 * isMetadata({ title: 42 })                         // false
 */
export function isMetadata(value: unknown): value is Metadata {
  return metadata(value)
}

/**
 * @internal The client's check of a `get-latest` body: as {@link isGetLatestResponse}, except that
 * `openGraph.type`, `openGraph.determiner` and `twitter.card` only need to be strings. A value a
 * newer Headmark adds to those lists is then written as it is, instead of the whole page falling
 * back (the contract allows additive extensions), and the lists stay out of a customer's bundle.
 */
export const isServedResponse: Check = /* @__PURE__ */ shape(
  { metadata: metadataShape(isString, isString, isString), metadataRevisionId: isString },
  ['metadata'],
)

/**
 * Whether a value is a well-formed body of `GET /v1/{dsn}/metadata/get-latest`.
 *
 * @example
 * isGetLatestResponse(await response.json())
 */
export function isGetLatestResponse(value: unknown): value is GetLatestResponse {
  return getLatestResponse(value)
}

/**
 * Whether a value is one of the webhook payloads Headmark sends (`metadata_update` or the
 * `placeholder` test ping).
 *
 * @example
 * const payload: unknown = JSON.parse(body)
 * if (isWebhookPayload(payload) && payload._type === 'metadata_update') payload.path
 */
export function isWebhookPayload(value: unknown): value is WebhookPayload {
  if (!isRecord(value)) return false
  if (value._type === 'placeholder') return true
  return value._type === 'metadata_update' && isMetadataUpdatePayload(value)
}

/**
 * Whether a value is a well-formed `metadata_update` webhook payload.
 *
 * @example
 * if (isMetadataUpdatePayload(payload)) client.invalidate(payload.path)
 */
export function isMetadataUpdatePayload(value: unknown): value is MetadataUpdatePayload {
  return isRecord(value) && value._type === 'metadata_update' && metadataUpdate(value)
}
