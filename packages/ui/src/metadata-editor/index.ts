export {
  METADATA_EDITOR_TABS,
  MetadataEditor,
  type MetadataEditorProps,
  type MetadataEditorTab,
} from './metadata-editor.tsx'
export { getMetadataPath, type MetadataErrors, sameMetadata, setMetadataPath } from './paths.ts'
export { DESCRIPTION_TARGET, TITLE_TARGET, validateMetadata } from './validate.ts'
