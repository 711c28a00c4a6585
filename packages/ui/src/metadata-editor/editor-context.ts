import type { Metadata } from '@headmark/metadata'
import { createContext, useContext } from 'react'
import type { InheritedLayer } from './inherited.ts'

export interface EditorContextValue {
  value: Metadata
  /** What the page inherits where it sets nothing (the site's defaults); `{}` when none. */
  inherited: Metadata
  /** The layer an empty field's inherited value comes from ("site defaults", "/blog/*"), if known. */
  inheritedSourceOf: (path: string) => string | undefined
  /** The layers `inherited` is made of, least → most specific, when the app gives them. */
  inheritedFrom: readonly InheritedLayer[] | undefined
  readOnly: boolean
  /** `defaults` when editing a site's defaults, which can not hold page-only fields. */
  scope: 'page' | 'defaults'
  /**
   * A field's own problem the value can not show (text that is not JSON yet): shown like a
   * built-in check and blocks Save until it is reported gone (`undefined`).
   */
  report: (path: string, message: string | undefined) => void
  /** Goes up on every Reset: a field's own draft starts over from the value. */
  generation: number
  /** Replaces the value at a dotted path and reports the new metadata object. */
  set: (path: string, next: unknown) => void
  /** The message to show for a path: the app's errors first, then touched built-in checks. */
  errorFor: (path: string) => string | undefined
  /** Marks a path as visited so its built-in check starts showing. */
  touch: (path: string) => void
  /** A document-unique id for the control of a path. */
  idFor: (path: string) => string
}

export const EditorContext = createContext<EditorContextValue | null>(null)

export function useEditor(): EditorContextValue {
  const context = useContext(EditorContext)
  if (!context) throw new Error('Metadata editor fields must be rendered inside <MetadataEditor>.')
  return context
}
