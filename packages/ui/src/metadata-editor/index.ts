export {
  METADATA_EDITOR_TABS,
  MetadataEditor,
  type MetadataEditorHandle,
  type MetadataEditorProps,
  type MetadataEditorTab,
} from './metadata-editor.tsx'
export { metadataFieldLabel } from './field-labels.ts'
export { getMetadataPath, type MetadataErrors, sameMetadata, setMetadataPath } from './paths.ts'
export { DESCRIPTION_TARGET, TITLE_TARGET, validateMetadata } from './validate.ts'
