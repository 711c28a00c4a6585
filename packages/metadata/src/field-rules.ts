// The rules of the metadata object's fields, in one place: the editor checks a draft with them as
// it is typed (@headmark/ui) and the server refuses what breaks them (@headmark/api). Plain
// functions and patterns, no dependency.

/** The largest value each field may hold, and the largest lists. */
export const METADATA_LIMITS = {
  title: 512,
  description: 4096,
  text: 512,
  url: 2048,
  images: 20,
  customTags: 100,
  customTagName: 128,
  customTagContent: 4096,
  localeAlternates: 50,
  mimeType: 255,
  locale: 35,
  pixels: 100_000,
  alternates: 100,
  jsonLdObjects: 20,
  jsonLdDepth: 16,
  maxSnippet: 100_000,
  maxVideoPreview: 86_400,
} as const

/**
 * A language tag as `hreflang` takes it: a language (ISO 639-1 or -2), optionally a script and a
 * region (`en`, `fr-CA`, `zh-Hant-TW`, `es-419`), or `x-default`. Compared case-insensitively.
 */
export const HREFLANG_PATTERN = /^(x-default|[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?)$/i

/** A locale as Open Graph writes it: `en`, `en_US`, `fil_PH`. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(_[A-Z]{2})?$/

/** An image media type: `image/png`, `image/svg+xml`. */
export const IMAGE_TYPE_PATTERN = /^image\/[a-z0-9.+-]+$/i

/** A custom tag's name: no white space, quotes, `<`, `>`, `=` or `/`. */
export const CUSTOM_TAG_NAME_PATTERN = /^[^\s"'<>=/]+$/

/**
 * Whether `value` is a full http(s) URL. Characters a URL never holds unencoded (white space,
 * quotes, angle brackets, backquote, backslash) make it markup, not an address.
 */
export function isHttpUrl(value: string): boolean {
  if (/[\s"'<>`\\]/.test(value) || !URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'https:' || protocol === 'http:'
}

/**
 * Whether `value` is an icon's URL: a full http(s) URL, or a path on the customer's own site
 * (`/favicon.svg`), which browsers resolve against the page. `//host/x` is another host.
 */
export function isIconUrl(value: string): boolean {
  return isHttpUrl(value) || (value.startsWith('/') && !value.startsWith('//'))
}

/** Whether `value` is an image's width or height: a whole number of pixels, 1 or more. */
export function isWholePixels(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1
}

/** How two custom tags' names are compared: one name may appear once, whatever its case. */
export const customTagNameKey = (name: string) => name.trim().toLowerCase()
