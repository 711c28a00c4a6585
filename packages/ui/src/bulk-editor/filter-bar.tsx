import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../button/button.tsx'
import { BULK_FIELDS, type BulkFieldKey, isBulkFieldKey } from './fields.ts'
import type { BulkFilter } from './types.ts'

export const hasFilter = (filter: BulkFilter) =>
  Object.values(filter).some((value) => value !== undefined && value !== '')

// Text filters reach the server after typing pauses, not at every key.
const DEBOUNCE_MS = 300

function DebouncedInput({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string
  value: string
  placeholder: string
  onChange: (value: string) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const sent = useRef(value)
  const change = useRef(onChange)
  useEffect(() => {
    change.current = onChange
  })
  // A filter changed from outside (e.g. "Clear filters") replaces what was typed.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setDraft(value)
    }
  }, [value])
  useEffect(() => {
    if (draft === sent.current) return
    const timer = setTimeout(() => {
      sent.current = draft
      change.current(draft)
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft])
  return (
    <div className="hm-bulk-editor__filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="hm-input"
        type="search"
        dir="ltr"
        spellCheck={false}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  )
}

function Choice<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: Value | ''
  options: ReadonlyArray<{ value: Value | ''; label: string }>
  onChange: (value: Value | '') => void
}) {
  const id = useId()
  return (
    <div className="hm-bulk-editor__filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="hm-bulk-editor__native-select"
        value={value}
        onChange={(event) => onChange(event.target.value as Value | '')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export interface BulkFilterBarProps {
  filter: BulkFilter
  onFilterChange: (filter: BulkFilter) => void
  authors: ReadonlyArray<{ id: string; name: string }>
  /** The fields the "Missing" filter offers; every bulk field by default. */
  missingFields?: readonly BulkFieldKey[]
}

const set = <Key extends keyof BulkFilter>(
  filter: BulkFilter,
  key: Key,
  value: BulkFilter[Key] | '',
) => {
  const next = { ...filter }
  if (value === '' || value === undefined) delete next[key]
  else next[key] = value as BulkFilter[Key]
  return next
}

/** The filters the server applies to the pages: text ones wait for typing to pause. */
export function BulkFilterBar({
  filter,
  onFilterChange,
  authors,
  missingFields,
}: BulkFilterBarProps) {
  const missingChoices = missingFields
    ? BULK_FIELDS.filter((field) => missingFields.includes(field.key))
    : BULK_FIELDS
  const update = <Key extends keyof BulkFilter>(key: Key, value: BulkFilter[Key] | '') =>
    onFilterChange(set(filter, key, value))
  const changedId = useId()
  return (
    <div role="search" className="hm-bulk-editor__filters" aria-label="Filter pages">
      <DebouncedInput
        label="Path starts with"
        placeholder="e.g. /blog/"
        value={filter.pathPrefix ?? ''}
        onChange={(value) => update('pathPrefix', value)}
      />
      <DebouncedInput
        label="Path matches"
        placeholder="e.g. /docs/**/*.html"
        value={filter.glob ?? ''}
        onChange={(value) => update('glob', value)}
      />
      <Choice<BulkFieldKey>
        label="Missing"
        value={filter.missing ?? ''}
        options={[
          { value: '', label: 'Any field' },
          ...missingChoices.map((field) => ({ value: field.key, label: field.label })),
        ]}
        onChange={(value) => update('missing', value !== '' && isBulkFieldKey(value) ? value : '')}
      />
      <Choice<'error' | 'warning'>
        label="Checks"
        value={filter.lint ?? ''}
        options={[
          { value: '', label: 'Any result' },
          { value: 'error', label: 'With errors' },
          { value: 'warning', label: 'With warnings' },
        ]}
        onChange={(value) => update('lint', value)}
      />
      <Choice<'yes' | 'no'>
        label="Search engines"
        value={filter.noindex === undefined ? '' : filter.noindex ? 'yes' : 'no'}
        options={[
          { value: '', label: 'Hidden or shown' },
          { value: 'yes', label: 'Hidden (noindex)' },
          { value: 'no', label: 'Shown' },
        ]}
        onChange={(value) => update('noindex', value === '' ? '' : value === 'yes')}
      />
      <div className="hm-bulk-editor__filter">
        <label htmlFor={changedId}>Changed since</label>
        <input
          id={changedId}
          className="hm-input"
          type="date"
          value={filter.changedSince ?? ''}
          onChange={(event) => update('changedSince', event.target.value)}
        />
      </div>
      {authors.length > 0 ? (
        <Choice
          label="Changed by"
          value={filter.authorId ?? ''}
          options={[
            { value: '', label: 'Anyone' },
            ...authors.map((author) => ({ value: author.id, label: author.name })),
          ]}
          onChange={(value) => update('authorId', value)}
        />
      ) : null}
      {hasFilter(filter) ? (
        <Button
          size="sm"
          variant="ghost"
          className="hm-bulk-editor__clear"
          onClick={() => onFilterChange({})}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}
