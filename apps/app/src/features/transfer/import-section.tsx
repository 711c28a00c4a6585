import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  DataTable,
  Field,
  Input,
  RevisionDiff,
  Select,
} from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type DragEvent, useId, useMemo, useRef, useState } from 'react'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import {
  fileHeaders,
  formatOfName,
  guessMapping,
  type ImportFormat,
  MAX_IMPORT_CHARACTERS,
  needsMapping,
  readableSize,
} from './import-file.ts'
import {
  type ImportPreview,
  type ImportResult,
  invalidateImportedData,
  transferColumnsQuery,
} from './queries.ts'

/** A file read in the browser, ready to send. */
interface ChosenFile {
  name: string
  size: number
  /** Undefined when the file was too large to read. */
  text: string | undefined
}

type ImportError = ImportPreview['errors'][number]

/** The mapping's "ignore" choice (Radix Select reserves the empty value). */
const IGNORE = '__ignore__'

const FORMAT_OPTIONS = [
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'NDJSON (one JSON object per line)' },
] as const

/** The errors a refused import carries in `data.errors`, if it is one. */
function refusedRows(error: unknown): { errors: ImportError[]; errorCount: number } | null {
  if (!(error instanceof ORPCError) || error.code !== 'BAD_REQUEST') return null
  const data = error.data as { errors?: ImportError[]; errorCount?: number } | undefined
  return Array.isArray(data?.errors)
    ? { errors: data.errors, errorCount: data.errorCount ?? data.errors.length }
    : null
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`

/**
 * The import half of the screen: choose (or drop) a file, check it — a dry run that writes
 * nothing — read the bad rows and the first changes, map unknown headers, then import every
 * change as one change set.
 */
export function ImportSection({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  const queryClient = useQueryClient()
  const { data: columns } = useSuspenseQuery(transferColumnsQuery(organizationSlug))
  const layout = useMemo(() => columns.map((column) => column.key), [columns])
  const fileInput = useRef<HTMLInputElement>(null)
  const ids = useId()
  const [file, setFile] = useState<ChosenFile | null>(null)
  const [reading, setReading] = useState(false)
  const [format, setFormat] = useState<ImportFormat>('csv')
  const [createMissing, setCreateMissing] = useState(false)
  const [note, setNote] = useState('')
  const [mapping, setMapping] = useState<Record<string, string | null | undefined> | null>(null)
  const [dragging, setDragging] = useState(false)

  const preview = useInlineMutation(orpc.transfer.importPreview.mutationOptions())
  const importing = useInlineMutation(
    orpc.transfer.import.mutationOptions({
      onSuccess: () => invalidateImportedData(queryClient),
    }),
  )

  const headers = useMemo(
    () => (file?.text === undefined ? [] : fileHeaders(file.text, format)),
    [file, format],
  )
  const sentMapping = useMemo(() => {
    if (!mapping) return undefined
    const entries = Object.entries(mapping).filter(
      (entry): entry is [string, string | null] => entry[1] !== undefined && entry[1] !== entry[0],
    )
    return entries.length > 0 ? Object.fromEntries(entries) : undefined
  }, [mapping])
  const unmapped = mapping
    ? Object.entries(mapping)
        .filter(([, target]) => target === undefined)
        .map(([header]) => header)
    : []

  /** Anything that changes what would be imported makes the last check stale. */
  function resetChecks() {
    preview.reset()
    importing.reset()
  }

  async function choose(chosen: File | undefined) {
    if (!chosen) return
    resetChecks()
    setMapping(null)
    setFormat(formatOfName(chosen.name))
    // A file whose bytes already pass the limit is not read: it could never be sent.
    if (chosen.size > MAX_IMPORT_CHARACTERS * 4) {
      setFile({ name: chosen.name, size: chosen.size, text: undefined })
      return
    }
    setReading(true)
    try {
      setFile({ name: chosen.name, size: chosen.size, text: await chosen.text() })
    } finally {
      setReading(false)
    }
  }

  const tooLarge =
    file !== null && (file.text === undefined || file.text.length > MAX_IMPORT_CHARACTERS)
  const input =
    file?.text !== undefined && !tooLarge
      ? {
          organizationSlug,
          siteHostname,
          format,
          content: file.text,
          createMissing,
          ...(sentMapping ? { mapping: sentMapping } : {}),
        }
      : null

  function check() {
    if (!input) return
    importing.reset()
    preview.mutate(input, {
      onSuccess: (result) => {
        if (!mapping && needsMapping(result.errors, headers, layout)) {
          setMapping(guessMapping(headers, layout))
        }
      },
    })
  }

  function runImport() {
    if (!input) return
    importing.mutate({ ...input, ...(note.trim() ? { note: note.trim() } : {}) })
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault()
    setDragging(false)
    void choose(event.dataTransfer.files[0])
  }

  const checked = preview.data
  const refused = refusedRows(importing.error)
  const errors = refused?.errors ?? checked?.errors ?? []
  const errorCount = refused?.errorCount ?? checked?.errorCount ?? 0
  const showMapping = mapping !== null && headers.length > 0

  return (
    <Card className="transfer-card" aria-labelledby="transfer-import-title">
      <CardHeader>
        <CardTitle id="transfer-import-title">Import</CardTitle>
        <CardDescription>
          A CSV or NDJSON file in the export’s layout (or your own headers, mapped below). Checking
          the file changes nothing; importing saves every change as one change set you can review
          and undo.
        </CardDescription>
      </CardHeader>
      <CardContent className="stack">
        <div
          className="transfer-drop"
          data-dragging={dragging ? '' : undefined}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label id={`${ids}-file-label`} htmlFor={`${ids}-file`} className="transfer-drop__label">
            File to import (.csv, .ndjson or .json)
          </label>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept=".csv,.ndjson,.json,.jsonl,text/csv,application/x-ndjson,application/json"
            className="transfer-drop__input"
            onChange={(event) => {
              void choose(event.target.files?.[0])
            }}
          />
          <p className="transfer-drop__hint" aria-live="polite">
            {reading
              ? 'Reading the file…'
              : file
                ? `${file.name} · ${readableSize(file.size)}`
                : 'Or drop a file here.'}
          </p>
        </div>

        {tooLarge && file ? (
          <Alert tone="warning" title="This file is too large to import here">
            {file.name} is {readableSize(file.size)}; one import takes files up to about 1 MB (
            {MAX_IMPORT_CHARACTERS.toLocaleString('en')} characters). Split it into smaller files —
            for example, export one path prefix at a time (/blog/, /docs/…) — and import each.
          </Alert>
        ) : null}

        <div className="transfer-options">
          <Field label="Format">
            <Select
              options={FORMAT_OPTIONS}
              value={format}
              onValueChange={(value) => {
                setFormat(value as ImportFormat)
                setMapping(null)
                resetChecks()
              }}
            />
          </Field>
          <Field label="Note for the change set" optional>
            <Input
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={500}
              placeholder="Spring titles from the content team"
            />
          </Field>
        </div>
        <Checkbox
          label="Create pages for paths the site does not have yet"
          checked={createMissing}
          onCheckedChange={(value) => {
            setCreateMissing(value === true)
            resetChecks()
          }}
        />

        {showMapping ? (
          <fieldset className="transfer-mapping">
            <legend>Match your columns to Headmark’s</legend>
            <p className="muted">
              Your file’s headers are not all the export’s. Choose which column each one is, or
              ignore it, then check the file again.
            </p>
            <div className="transfer-mapping__rows">
              {headers.map((header) => {
                const target = mapping?.[header]
                return (
                  <Field key={header} label={header} className="transfer-mapping__row">
                    <Select
                      placeholder="Choose a column…"
                      options={[
                        { value: IGNORE, label: 'Ignore this column' },
                        ...layout.map((key) => ({ value: key, label: key })),
                      ]}
                      value={target === undefined ? '' : target === null ? IGNORE : target}
                      onValueChange={(value) => {
                        setMapping((current) => ({
                          ...current,
                          [header]: value === IGNORE ? null : value,
                        }))
                        resetChecks()
                      }}
                    />
                  </Field>
                )
              })}
            </div>
            {unmapped.length > 0 ? (
              <p className="muted">
                Still to choose: {unmapped.join(', ')} (a column left unchosen is read as its own
                name).
              </p>
            ) : null}
          </fieldset>
        ) : null}

        {importing.data ? (
          <p className="muted">Choose another file to import more.</p>
        ) : (
          <div className="transfer-actions">
            <Button
              variant={
                checked && checked.errorCount === 0 && checked.changeCount > 0
                  ? 'secondary'
                  : 'primary'
              }
              disabled={!input || reading}
              loading={preview.isPending}
              onClick={check}
            >
              {checked || preview.isError ? 'Check file again' : 'Check file'}
            </Button>
            {checked &&
            checked.errorCount === 0 &&
            checked.changeCount + checked.toCreateCount > 0 ? (
              <Button variant="primary" loading={importing.isPending} onClick={runImport}>
                Import {plural(checked.changeCount, 'change')}
              </Button>
            ) : null}
          </div>
        )}
        {!file ? <p className="muted">Choose a file to check it.</p> : null}

        {preview.isError && !refusedRows(preview.error) ? (
          <Alert tone="danger" title="The file could not be checked" live="assertive">
            {preview.error.message}
          </Alert>
        ) : null}
        {importing.isError && !refused ? (
          <Alert tone="danger" title="Nothing was imported" live="assertive">
            {importing.error.message}
          </Alert>
        ) : null}

        {importing.data ? (
          <ImportOutcome
            result={importing.data}
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
          />
        ) : checked ? (
          <CheckSummary preview={checked} />
        ) : null}

        {errorCount > 0 ? (
          <ErrorTable errors={errors} errorCount={errorCount} refused={refused !== null} />
        ) : null}

        {checked && !importing.data && checked.errorCount === 0 && checked.changes.length > 0 ? (
          <ChangesList preview={checked} />
        ) : null}
      </CardContent>
    </Card>
  )
}

/** What a check found, in counts. */
function CheckSummary({ preview }: { preview: ImportPreview }) {
  const items = [
    ['Rows', preview.rows],
    ['Pages changed', preview.changeCount],
    ['Unchanged', preview.unchanged],
    ['New pages', preview.toCreateCount],
    ['Unknown paths', preview.unknownPathCount],
    ['Bad rows', preview.errorCount],
  ] as const
  return (
    <section className="stack" aria-labelledby="transfer-check-title">
      <h2 id="transfer-check-title" className="transfer-heading">
        What the file would change
      </h2>
      <dl className="transfer-summary" aria-live="polite">
        {items.map(([label, value]) => (
          <div key={label} data-alert={label === 'Bad rows' && value > 0 ? '' : undefined}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {preview.errorCount === 0 && preview.changeCount === 0 && preview.toCreateCount === 0 ? (
        <Alert tone="info" title="Nothing to import">
          Every page already has what this file says.
        </Alert>
      ) : null}
      {preview.errorCount === 0 && preview.changeCount > 0 ? (
        <Alert tone="success" title="The file is ready to import">
          {plural(preview.changeCount, 'page')} will change
          {preview.toCreateCount > 0
            ? `, ${plural(preview.toCreateCount, 'new page')} among them`
            : ''}
          .
        </Alert>
      ) : null}
      {preview.unknownPathCount > 0 ? (
        <Alert
          tone="warning"
          title={`${plural(preview.unknownPathCount, 'path')} the site does not have`}
        >
          These rows are skipped unless “Create pages for paths the site does not have yet” is
          checked: <PathList paths={preview.unknownPaths} total={preview.unknownPathCount} />
        </Alert>
      ) : null}
      {preview.toCreateCount > 0 ? (
        <details className="transfer-paths">
          <summary>{plural(preview.toCreateCount, 'page')} to create</summary>
          <PathList paths={preview.toCreate} total={preview.toCreateCount} />
        </details>
      ) : null}
    </section>
  )
}

function PathList({ paths, total }: { paths: readonly string[]; total: number }) {
  return (
    <>
      <ul className="transfer-path-list">
        {paths.map((path) => (
          <li key={path}>
            <code dir="ltr">{path}</code>
          </li>
        ))}
      </ul>
      {total > paths.length ? (
        <p className="muted">…and {plural(total - paths.length, 'more')}.</p>
      ) : null}
    </>
  )
}

/** Every bad row the server reported, sortable by line; nothing is imported while there are any. */
function ErrorTable({
  errors,
  errorCount,
  refused,
}: {
  errors: readonly ImportError[]
  errorCount: number
  refused: boolean
}) {
  const [descending, setDescending] = useState(false)
  const rows = useMemo(
    () =>
      errors
        .map((error, index) => ({ ...error, id: `${index}` }))
        .sort((a, b) => (descending ? b.line - a.line : a.line - b.line)),
    [errors, descending],
  )
  return (
    <section className="stack" aria-labelledby="transfer-errors-title">
      <Alert
        tone="danger"
        headingLevel={2}
        id="transfer-errors-title"
        title={`${plural(errorCount, 'row needs', 'rows need')} fixing`}
        live="assertive"
      >
        {refused ? 'Nothing was imported. ' : ''}Nothing will be imported until these rows are
        fixed: correct them in your file and check it again.
        {errorCount > errors.length
          ? ` The first ${errors.length.toLocaleString('en')} are listed.`
          : ''}
      </Alert>
      <DataTable
        label="Rows to fix"
        className="transfer-errors"
        rows={rows}
        getRowId={(row) => row.id}
        columns={[
          {
            id: 'line',
            header: (
              <button
                type="button"
                className="transfer-sort"
                onClick={() => setDescending((value) => !value)}
                aria-label={`Line, sorted ${descending ? 'last first' : 'first first'}; sort ${descending ? 'first first' : 'last first'}`}
              >
                Line <span aria-hidden="true">{descending ? '↓' : '↑'}</span>
              </button>
            ),
            rowHeader: true,
            align: 'end',
            cell: (row) => (
              <>
                <span className="transfer-line-label">Line </span>
                {row.line.toLocaleString('en')}
              </>
            ),
          },
          {
            id: 'column',
            header: 'Column',
            cell: (row) => (row.column === null ? '—' : <code dir="auto">{row.column}</code>),
          },
          {
            id: 'message',
            header: 'Problem',
            cell: (row) => <span dir="auto">{row.message}</span>,
          },
        ]}
      />
    </section>
  )
}

/** The first pages the file changes, each as a field-by-field diff. */
function ChangesList({ preview }: { preview: ImportPreview }) {
  return (
    <section className="stack" aria-labelledby="transfer-changes-title">
      <h2 id="transfer-changes-title" className="transfer-heading">
        {preview.changeCount > preview.changes.length
          ? `The first ${preview.changes.length} of ${plural(preview.changeCount, 'change')}`
          : `${plural(preview.changeCount, 'change')}`}
      </h2>
      <ul className="transfer-changes">
        {preview.changes.map((change, index) => (
          <li key={change.path}>
            <details open={index < 3}>
              <summary>
                <code dir="ltr">{change.path}</code>
              </summary>
              <RevisionDiff
                before={change.before}
                after={change.after}
                beforeLabel="Now"
                afterLabel="After the import"
                aria-label={`Changes to ${change.path}`}
              />
            </details>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** What the import did, with the way to its change set. */
function ImportOutcome({
  result,
  organizationSlug,
  siteHostname,
}: {
  result: ImportResult
  organizationSlug: string
  siteHostname: string
}) {
  return (
    <section className="stack" aria-labelledby="transfer-result-title">
      <Alert
        tone={result.conflicts.length > 0 ? 'warning' : 'success'}
        headingLevel={2}
        id="transfer-result-title"
        title={result.changeSetId ? 'Imported' : 'Nothing to import'}
        live="assertive"
        action={
          result.changeSetId ? (
            <Button asChild variant="secondary" size="sm">
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId"
                params={{ organizationSlug, siteHostname, changeSetId: result.changeSetId }}
              >
                View the change set
              </Link>
            </Button>
          ) : null
        }
      >
        {result.changeSetId
          ? `${plural(result.applied, 'page')} updated${result.created > 0 ? `, ${plural(result.created, 'page')} created` : ''}${result.conflicts.length > 0 ? `, ${plural(result.conflicts.length, 'conflict')}` : ''}.`
          : 'Every page already has what this file says.'}
      </Alert>
      {result.conflicts.length > 0 ? (
        <div className="stack">
          <p>
            These pages were saved by someone else after the file was checked, so the import left
            them alone. Open them, then import the file again to apply the rest:
          </p>
          <PathList
            paths={result.conflicts.map((conflict) => conflict.path)}
            total={result.conflicts.length}
          />
        </div>
      ) : null}
    </section>
  )
}
