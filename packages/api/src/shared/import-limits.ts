// The import form's choices and limits, without the validation library: the import screen shows
// them before its form's schema has loaded.

/** Where an import finds its URLs. */
export const IMPORT_SOURCES = ['sitemap', 'urls', 'url'] as const
/** Which head an import reads: the page's own, or a WordPress SEO plugin's intended one. */
export const IMPORT_HEAD_SOURCES = ['html', 'yoast', 'rankmath'] as const
/** URLs a pasted list may hold. */
export const IMPORT_URLS_MAX = 20_000
/** URLs an import of a site whose ownership is not verified may hold. */
export const IMPORT_UNVERIFIED_MAX = 10
