import { useRef, useState } from 'react'
import type { BulkFieldDefinition, BulkFieldValue } from './fields.ts'

/** How the grid moves after a commit: Enter goes down, Tab right, Shift+Tab left. */
export type CommitMove = 'down' | 'right' | 'left' | 'none'

export interface CellEditorProps {
  field: BulkFieldDefinition
  value: string
  /** The character typed on the cell that opened the editor: it replaces the value. */
  seed?: string
  label: string
  /** Checks the value with the field's rules: the message, or undefined when it is accepted. */
  check: (value: BulkFieldValue) => string | undefined
  onCommit: (value: string, move: CommitMove) => void
  onCancel: () => void
}

/**
 * The input of a text, URL or select cell being edited. The field's rule is checked as it is
 * typed; a refused value shows the rule's message and Enter does not commit it.
 */
export function CellEditor({
  field,
  value,
  seed,
  label,
  check,
  onCommit,
  onCancel,
}: CellEditorProps) {
  const [draft, setDraft] = useState(seed ?? value)
  const error = draft === value ? undefined : check(draft)
  const messageId = `hm-bulk-cell-error-${field.key}`
  // Enter, Tab and Escape end the edit; the blur that follows as the input goes must not again.
  const done = useRef(false)
  const finish = (action: () => void) => {
    if (done.current) return
    done.current = true
    action()
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    // The grid's own keys stay out of the input while it edits.
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      finish(onCancel)
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      if (error) return
      const move = event.key === 'Enter' ? 'down' : event.shiftKey ? 'left' : 'right'
      finish(() => onCommit(draft, move))
    }
  }
  const onBlur = () => {
    finish(() => (error ? onCancel() : onCommit(draft, 'none')))
  }
  const common = {
    className: 'hm-bulk-editor__cell-input',
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? messageId : undefined,
    autoFocus: true,
    onKeyDown,
    onBlur,
  }
  return (
    <div className="hm-bulk-editor__cell-editor">
      {field.kind === 'select' ? (
        <select {...common} value={draft} onChange={(event) => setDraft(event.target.value)}>
          <option value="">(not set)</option>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.kind === 'url' ? 'url' : undefined}
          spellCheck={field.kind === 'text'}
          dir="auto"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
      {error ? (
        <p id={messageId} className="hm-bulk-editor__cell-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
