export {
  MetadataEditor,
  type MetadataEditorHandle,
  type MetadataEditorProps,
} from './metadata-editor.tsx'
export { METADATA_EDITOR_TABS, type MetadataEditorTab } from './tabs.ts'
export { metadataFieldLabel } from './field-labels.ts'
export { getMetadataPath, type MetadataErrors, sameMetadata, setMetadataPath } from './paths.ts'
export { DESCRIPTION_TARGET, TITLE_TARGET, validateMetadata } from './validate.ts'
export { type InheritedLayer, inheritedSource } from './inherited.ts'
