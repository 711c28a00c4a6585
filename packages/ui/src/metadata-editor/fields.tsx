import { type ReactNode, useState } from 'react'
import { Field } from '../field/field.tsx'
import { Input } from '../input/input.tsx'
import { Select } from '../select/select.tsx'
import { Textarea } from '../textarea/textarea.tsx'
import { useEditor } from './editor-context.ts'
import { inheritedText } from './inherited.ts'
import { getMetadataPath } from './paths.ts'

/** The Field of one metadata path: its id, label, description and the editor's error for it. */
function EditorField({
  path,
  label,
  description,
  children,
}: {
  path: string
  label: string
  description?: string | undefined
  children: ReactNode
}) {
  const editor = useEditor()
  const own = getMetadataPath(editor.value, path)
  const unset = own === undefined || own === '' || (Array.isArray(own) && own.length === 0)
  const source = unset ? editor.inheritedSourceOf(path) : undefined
  return (
    <Field
      id={editor.idFor(path)}
      label={label}
      description={
        source === undefined ? (
          description
        ) : (
          <>
            {description}
            {description ? ' ' : null}
            {/* A block of its own on screen; read after the description as one sentence. */}
            <span className="hm-metadata-editor__source">from {source}</span>
          </>
        )
      }
      error={editor.errorFor(path)}
    >
      {children}
    </Field>
  )
}

interface TextFieldProps {
  path: string
  label: string
  description?: string
  limit?: number
  multiline?: boolean
  placeholder?: string
  type?: 'text' | 'url'
  inputMode?: 'url' | 'text'
  dir?: 'ltr' | 'auto'
}

/** A text field bound to one string of the metadata object. */
export function TextField({
  path,
  label,
  description,
  limit,
  multiline,
  placeholder,
  ...input
}: TextFieldProps) {
  const editor = useEditor()
  const raw = getMetadataPath(editor.value, path)
  const value = typeof raw === 'string' ? raw : ''
  const control = {
    value,
    readOnly: editor.readOnly,
    limit,
    onChange: (event: { target: { value: string } }) => editor.set(path, event.target.value),
    onBlur: () => editor.touch(path),
    placeholder: inheritedText(editor.inherited, path) ?? placeholder,
    ...input,
  }
  return (
    <EditorField path={path} label={label} description={description}>
      {multiline ? <Textarea {...control} /> : <Input {...control} />}
    </EditorField>
  )
}

interface NumberFieldProps {
  path: string
  label: string
}

/** A whole-number field; an empty box is kept as NaN so the built-in check can flag it. */
export function NumberField({ path, label }: NumberFieldProps) {
  const editor = useEditor()
  const raw = getMetadataPath(editor.value, path)
  const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : ''
  return (
    <EditorField path={path} label={label}>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        readOnly={editor.readOnly}
        onChange={(event) =>
          editor.set(path, event.target.value === '' ? Number.NaN : Number(event.target.value))
        }
        onBlur={() => editor.touch(path)}
      />
    </EditorField>
  )
}

const UNSET = '__unset__'
const EMPTY = '__empty__'

interface ChoiceFieldProps {
  path: string
  label: string
  description?: string
  choices: readonly string[]
  labels?: Partial<Record<string, string>>
}

/** A Select over one of the contract's lists, with "Not set" to remove the field. */
export function ChoiceField({ path, label, description, choices, labels = {} }: ChoiceFieldProps) {
  const editor = useEditor()
  const raw = getMetadataPath(editor.value, path)
  // Radix Select reserves '' for "no selection", so the contract's '' choice gets a stand-in.
  const current = raw === undefined ? UNSET : raw === '' ? EMPTY : String(raw)
  const inherited = getMetadataPath(editor.inherited, path)
  const options = [
    {
      value: UNSET,
      label:
        typeof inherited === 'string'
          ? `Not set (inherits “${labels[inherited] ?? inherited}”)`
          : 'Not set',
    },
    ...choices.map((choice) => ({
      value: choice === '' ? EMPTY : choice,
      label: labels[choice] ?? choice,
    })),
  ]
  return (
    <EditorField path={path} label={label} description={description}>
      <Select
        options={options}
        value={current}
        disabled={editor.readOnly}
        onValueChange={(next) => {
          editor.set(path, next === UNSET ? undefined : next === EMPTY ? '' : next)
          editor.touch(path)
        }}
      />
    </EditorField>
  )
}

const parseList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean)

interface ListFieldProps {
  path: string
  label: string
  description?: string
}

/** A comma-separated list of strings; keeps the typed text so a trailing comma survives. */
export function ListField({ path, label, description }: ListFieldProps) {
  const editor = useEditor()
  const raw = getMetadataPath(editor.value, path)
  const list = Array.isArray(raw) ? (raw as string[]) : []
  const joined = list.join(', ')
  const [draft, setDraft] = useState(joined)
  // When the value changes from outside (Reset, another revision), show it — unless the draft
  // already means the same list (e.g. it only has a trailing comma the user is still typing).
  const [shownJoined, setShownJoined] = useState(joined)
  if (shownJoined !== joined) {
    setShownJoined(joined)
    if (parseList(draft).join(', ') !== joined) setDraft(joined)
  }
  return (
    <EditorField path={path} label={label} description={description}>
      <Input
        value={draft}
        readOnly={editor.readOnly}
        placeholder={inheritedText(editor.inherited, path)}
        dir="ltr"
        onChange={(event) => {
          setDraft(event.target.value)
          editor.set(path, parseList(event.target.value))
        }}
        onBlur={() => editor.touch(path)}
      />
    </EditorField>
  )
}
