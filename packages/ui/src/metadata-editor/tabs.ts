// In a module of their own, so that an app can read the tab names (e.g. to validate a URL's
// search params) without bundling the editor.
export const METADATA_EDITOR_TABS = [
  'basic',
  'opengraph',
  'twitter',
  'images',
  'structured',
  'custom',
] as const
export type MetadataEditorTab = (typeof METADATA_EDITOR_TABS)[number]
