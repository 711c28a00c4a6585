import { METADATA_EDITOR_TABS, type MetadataEditorTab } from '@headmark/ui'

/**
 * A page's path from the URL's `path` search param. The router reads search values as JSON
 * where they parse (`?path=123` is a number), so primitives are turned back into the text typed;
 * absent means the site's defaults.
 */
export function pathFromSearch(search: Record<string, unknown>): { path?: string } {
  const raw = search.path
  if (raw === undefined || raw === '') return {}
  if (typeof raw === 'string') return { path: raw }
  if (typeof raw === 'number' || typeof raw === 'boolean' || raw === null) {
    return { path: String(raw) }
  }
  return {}
}

export const isEditorTab = (value: unknown): value is MetadataEditorTab =>
  typeof value === 'string' && (METADATA_EDITOR_TABS as readonly string[]).includes(value)

/**
 * The editor's own search params. An unknown tab reads as the default one (the route then
 * corrects the address); an absent tab stays absent.
 */
export function editorSearch(search: Record<string, unknown>): {
  tab?: MetadataEditorTab
  metadataRevisionId?: string
  locale?: string
} {
  return {
    // On a site with locales, the locale whose set is edited (absent: the default locale's).
    ...(typeof search.locale === 'string' && search.locale && search.locale.length <= 64
      ? { locale: search.locale }
      : {}),
    ...(search.tab === undefined ? {} : { tab: isEditorTab(search.tab) ? search.tab : 'basic' }),
    ...(typeof search.metadataRevisionId === 'string' && search.metadataRevisionId
      ? { metadataRevisionId: search.metadataRevisionId }
      : {}),
  }
}
