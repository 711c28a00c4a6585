export {
  diffMetadata,
  diffText,
  metadataChanges,
  type FieldChange,
  type FieldChangeKind,
  type TextDiffPart,
} from './diff.ts'
export { RevisionDiff, type RevisionDiffProps } from './revision-diff.tsx'
