import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  Field,
  Input,
} from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { exportUrl, type TransferColumnRow, transferColumnsQuery } from './queries.ts'

/** How a column's cell is written, for the layout table. */
const KIND_LABELS: Record<string, string> = {
  path: 'Path',
  text: 'Text',
  boolean: 'true / false',
  integer: 'Whole number',
  determiner: 'Word (none for empty)',
  json: 'JSON',
}

/**
 * The export half of the screen: the two downloads (streamed by the server route), an optional
 * path prefix, and the file layout with the rules a spreadsheet user needs.
 */
export function ExportSection({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  const { data: columns } = useSuspenseQuery(transferColumnsQuery(organizationSlug))
  const [pathPrefix, setPathPrefix] = useState('')
  const prefix = pathPrefix.trim()
  return (
    <Card className="transfer-card" aria-labelledby="transfer-export-title">
      <CardHeader>
        <CardTitle id="transfer-export-title">Export</CardTitle>
        <CardDescription>
          Every page’s own metadata, one row per page, by path. Edit it in a spreadsheet or a script
          and import it back below.
        </CardDescription>
      </CardHeader>
      <CardContent className="stack">
        <Field
          label="Only paths starting with"
          optional
          description="For example /blog/ — leave empty for the whole site."
        >
          <Input
            value={pathPrefix}
            onChange={(event) => setPathPrefix(event.target.value)}
            placeholder="/blog/"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <div className="transfer-actions">
          <Button asChild variant="primary">
            <a href={exportUrl(organizationSlug, siteHostname, 'csv', prefix)} download>
              Download CSV
            </a>
          </Button>
          <Button asChild variant="secondary">
            <a href={exportUrl(organizationSlug, siteHostname, 'ndjson', prefix)} download>
              Download NDJSON
            </a>
          </Button>
        </div>
        <p className="transfer-note">
          CSV: one column per field, lists and objects (images, language versions, structured data…)
          as JSON text in one cell. NDJSON: one JSON object per line, with the same keys. A CSV cell
          that starts with <code>=</code>, <code>+</code>, <code>-</code> or <code>@</code> is
          written with a leading <code>'</code> so a spreadsheet shows it as text instead of running
          it as a formula; the import takes the <code>'</code> off again. On import, a column left
          out of the file keeps every page’s value; an empty cell clears that field.
        </p>
        <details className="transfer-layout">
          <summary>The file’s {columns.length} columns</summary>
          <DataTable
            label="Columns of an export file, in order"
            rows={columns}
            getRowId={(column) => column.key}
            columns={[
              {
                id: 'key',
                header: 'Column',
                rowHeader: true,
                cell: (column: TransferColumnRow) => (
                  <code className="transfer-column-key">{column.key}</code>
                ),
              },
              {
                id: 'kind',
                header: 'Written as',
                cell: (column: TransferColumnRow) => KIND_LABELS[column.kind] ?? column.kind,
              },
              {
                id: 'description',
                header: 'What it holds',
                cell: (column: TransferColumnRow) => column.description,
              },
            ]}
          />
        </details>
      </CardContent>
    </Card>
  )
}
