/** An image as the public API describes it: icons, Open Graph images and X (Twitter) card images. */
export interface MetadataImage {
  url: string
  alt?: string
  width: number
  height: number
  mimeType: string
}

/**
 * Open Graph object types accepted by the public API.
 *
 * @example
 * OPEN_GRAPH_TYPES.includes(value as OpenGraphType)
 */
export const OPEN_GRAPH_TYPES = [
  'website',
  'article',
  'book',
  'profile',
  'music.song',
  'music.album',
  'music.playlist',
  'music.radio_station',
  'video.movie',
  'video.episode',
  'video.tv_show',
  'video.other',
] as const
/** One of {@link OPEN_GRAPH_TYPES}, e.g. `'website'` or `'video.movie'`. */
export type OpenGraphType = (typeof OPEN_GRAPH_TYPES)[number]

/**
 * Open Graph determiners accepted by the public API; `''` (none) is the default.
 *
 * @example
 * <select>{OPEN_GRAPH_DETERMINERS.map((d) => <option key={d} value={d}>{d || '(none)'}</option>)}</select>
 */
export const OPEN_GRAPH_DETERMINERS = ['', 'a', 'an', 'the', 'auto'] as const
/** One of {@link OPEN_GRAPH_DETERMINERS}. */
export type OpenGraphDeterminer = (typeof OPEN_GRAPH_DETERMINERS)[number]

/**
 * X (Twitter) card kinds accepted by the public API.
 *
 * @example
 * TWITTER_CARDS.map((card) => ({ value: card, label: card.replaceAll('_', ' ') }))
 */
export const TWITTER_CARDS = ['summary', 'summary_large_image'] as const
/** One of {@link TWITTER_CARDS}. */
export type TwitterCard = (typeof TWITTER_CARDS)[number]

/** The Open Graph part of {@link Metadata}; `image` comes before `images` in the tags. */
export interface OpenGraphMetadata {
  title?: string
  description?: string
  locale?: string
  localeAlternate?: string[]
  siteName?: string
  type?: OpenGraphType
  url?: string
  determiner?: OpenGraphDeterminer
  image?: MetadataImage
  images?: MetadataImage[]
}

/** The X (Twitter) card part of {@link Metadata}. */
export interface TwitterMetadata {
  title?: string
  description?: string
  card?: TwitterCard
  image?: MetadataImage
}

/** A custom `<meta name content>` tag, e.g. a site-verification token. */
export interface CustomTag {
  name: string
  content: string
}

/**
 * How large an image preview search engines may show; one of {@link MAX_IMAGE_PREVIEWS}.
 *
 * @example
 * MAX_IMAGE_PREVIEWS.map((size) => <option key={size}>{size}</option>)
 */
export const MAX_IMAGE_PREVIEWS = ['none', 'standard', 'large'] as const
/** One of {@link MAX_IMAGE_PREVIEWS}. */
export type MaxImagePreview = (typeof MAX_IMAGE_PREVIEWS)[number]

/**
 * Robots directives beyond `noindex`, rendered in one `<meta name="robots">` in this order:
 * `noindex` (when either it or {@link Metadata.noindex} is `true`), `nofollow`, `noarchive`,
 * `noimageindex`, `max-snippet:N`, `max-image-preview:…`, `max-video-preview:N`. A flag that is
 * `false` or unset produces nothing.
 */
export interface RobotsDirectives {
  noindex?: boolean
  nofollow?: boolean
  noarchive?: boolean
  noimageindex?: boolean
  /** Characters of text in a result; `0` is none (like `nosnippet`), `-1` no limit. */
  maxSnippet?: number
  maxImagePreview?: MaxImagePreview
  /** Seconds of video preview; `0` is a still image only, `-1` no limit. */
  maxVideoPreview?: number
}

/** A JSON value. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** One JSON-LD object, e.g. `{ '@context': 'https://schema.org', '@type': 'Article', … }`. */
export type JsonLdObject = { [property: string]: JsonValue }

/** The metadata of one page, as served by `get-latest` and carried by `metadata_update` webhooks. Unset fields are omitted. */
export interface Metadata {
  title?: string
  description?: string
  noindex?: boolean
  /** The page's canonical URL, absolute: `<link rel="canonical">`. */
  canonical?: string
  /** Robots directives; `noindex` here and the top-level `noindex` mean the same. */
  robots?: RobotsDirectives
  /** The page's language versions by `hreflang` (`en`, `fr-CA`, `x-default`) → absolute URL. */
  alternates?: Record<string, string>
  /** Structured data: each object becomes one `<script type="application/ld+json">`. */
  jsonLd?: JsonLdObject[]
  icon?: MetadataImage[]
  appleTouchIcon?: MetadataImage[]
  openGraph?: OpenGraphMetadata
  twitter?: TwitterMetadata
  customTags?: CustomTag[]
}

/** The body of `GET /v1/{dsn}/metadata/get-latest`. */
export interface GetLatestResponse {
  metadata: Metadata
  /** The revision that was served; absent when the path has no metadata yet. */
  metadataRevisionId?: string
}

/** Sent when a site's metadata changes. `path: null` is the site's default metadata. */
export interface MetadataUpdatePayload {
  _type: 'metadata_update'
  path: string | null
  metadataRevisionId: string
  metadata: Metadata
  site: { hostname: string; dsn: string }
  /** ISO 8601. */
  timestamp: string
  /**
   * On a site with locales, the locale whose metadata changed (`de`, `fr-CA`): revalidate that
   * locale's version of `path`. Absent for the default locale's metadata and on sites without
   * locales.
   */
  locale?: string
}

/** A test ping. */
export interface PlaceholderPayload {
  _type: 'placeholder'
}

/** Any webhook body Headmark sends; switch on `_type`. */
export type WebhookPayload = MetadataUpdatePayload | PlaceholderPayload
