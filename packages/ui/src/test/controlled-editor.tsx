import type { Metadata } from '@headmark/metadata'
import { useState } from 'react'
import { MetadataEditor, type MetadataEditorProps } from '../metadata-editor/metadata-editor.tsx'

/** The editor holding its value as an app does, reporting each change to `onChange`. */
export function ControlledEditor(props: Partial<MetadataEditorProps> & { initial: Metadata }) {
  const [value, setValue] = useState(props.initial)
  return (
    <MetadataEditor
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next)
        props.onChange?.(next)
      }}
    />
  )
}
