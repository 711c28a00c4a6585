/** An image as the public API describes it: icons, Open Graph images and X (Twitter) card images. */
export interface MetadataImage {
  url: string
  alt?: string
  width: number
  height: number
  mimeType: string
}

/** Open Graph object types accepted by the public API. */
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
export type OpenGraphType = (typeof OPEN_GRAPH_TYPES)[number]

/** Open Graph determiners accepted by the public API. */
export const OPEN_GRAPH_DETERMINERS = ['', 'a', 'an', 'the', 'auto'] as const
export type OpenGraphDeterminer = (typeof OPEN_GRAPH_DETERMINERS)[number]

/** X (Twitter) card kinds accepted by the public API. */
export const TWITTER_CARDS = ['summary', 'summary_large_image'] as const
export type TwitterCard = (typeof TWITTER_CARDS)[number]

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

export interface TwitterMetadata {
  title?: string
  description?: string
  card?: TwitterCard
  image?: MetadataImage
}

export interface CustomTag {
  name: string
  content: string
}

/** The metadata of one page, as served by `get-latest` and carried by `metadata_update` webhooks. Unset fields are omitted. */
export interface Metadata {
  title?: string
  description?: string
  noindex?: boolean
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
}

/** A test ping. */
export interface PlaceholderPayload {
  _type: 'placeholder'
}

export type WebhookPayload = MetadataUpdatePayload | PlaceholderPayload
