import type { Meta, StoryObj } from '@storybook/react-vite'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { dark, narrow } from '../storybook/states.ts'
import { BulkEditor } from './bulk-editor.tsx'
import { BULK_AUTHORS, generateBulkRows } from './bulk-editor.fixtures.ts'
import { type BulkFieldKey, bulkField, setBulkField } from './fields.ts'
import type { BulkApplyRequest, BulkFilter, BulkRow, BulkSort } from './types.ts'
import { addBulkEdits, EMPTY_BULK_EDITS, useBulkEdits } from './use-bulk-edits.ts'

const PAGE_SIZE = 200

const globPattern = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*/g, '§§')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replace(/§§/g, '.*')}$`,
  )

// What the server does for the real editor: filter, sort and hand out keyset pages.
function matching(all: readonly BulkRow[], filter: BulkFilter, sort: BulkSort) {
  const glob = filter.glob ? globPattern(filter.glob) : null
  const since = filter.changedSince ? new Date(filter.changedSince) : null
  const rows = all.filter(
    (row) =>
      (!filter.pathPrefix || row.path.startsWith(filter.pathPrefix)) &&
      (!glob || glob.test(row.path)) &&
      (!filter.missing || !bulkField(filter.missing).get(row.metadata)) &&
      (!filter.lint ||
        row.lint.errors > 0 ||
        (filter.lint === 'warning' && row.lint.warnings > 0)) &&
      (filter.noindex === undefined || bulkField('noindex').get(row.metadata) === filter.noindex) &&
      (!since || (row.lastChangedAt !== null && row.lastChangedAt >= since)) &&
      (!filter.authorId || row.lastChangedBy?.id === filter.authorId),
  )
  const direction = sort.direction === 'asc' ? 1 : -1
  return rows.sort((a, b) =>
    sort.by === 'path'
      ? (a.path < b.path ? -1 : 1) * direction
      : ((a.lastChangedAt?.getTime() ?? 0) - (b.lastChangedAt?.getTime() ?? 0)) * direction,
  )
}

interface DemoProps {
  pages: number
  state?: 'loading' | 'error'
  pending?: boolean
}

function BulkEditorDemo({ pages, state, pending = false }: DemoProps) {
  const [all, setAll] = useState(() => generateBulkRows(pages))
  const [filter, setFilter] = useState<BulkFilter>({})
  const [sort, setSort] = useState<BulkSort>({ by: 'path', direction: 'asc' })
  const [loaded, setLoaded] = useState(PAGE_SIZE)
  const [loading, setLoading] = useState(false)
  const [columns, setColumns] = useState<BulkFieldKey[] | undefined>()
  const rows = useMemo(() => matching(all, filter, sort), [all, filter, sort])
  const visible = useMemo(() => rows.slice(0, loaded), [rows, loaded])
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const onLoadMore = useCallback(() => {
    setLoading(true)
    timer.current = setTimeout(() => {
      setLoaded((count) => count + PAGE_SIZE)
      setLoading(false)
    }, 250)
  }, [])
  const edits = useBulkEdits(
    pending
      ? addBulkEdits(
          addBulkEdits(
            EMPTY_BULK_EDITS,
            all.slice(0, 3).map((row, index) => ({
              pageId: row.id,
              path: row.path,
              baseRevisionId: row.currentRevisionId,
              before: row.metadata,
              after:
                setBulkField(row.metadata, 'title', `Rewritten title ${index + 1} · Acme`)
                  .metadata ?? row.metadata,
            })),
          ),
          all.slice(5, 7).map((row) => ({
            pageId: row.id,
            path: row.path,
            baseRevisionId: row.currentRevisionId,
            before: row.metadata,
            after: setBulkField(row.metadata, 'noindex', true).metadata ?? row.metadata,
          })),
        )
      : EMPTY_BULK_EDITS,
  )
  const onApply = async (request: BulkApplyRequest) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    // Every seventh page was changed by someone else meanwhile.
    const conflicts = request.edits.filter((edit) => edit.path.endsWith('7'))
    const applied = new Map(
      request.edits
        .filter((edit) => !edit.path.endsWith('7'))
        .map((edit) => [edit.pageId, edit.metadata]),
    )
    setAll((current) =>
      current.map((row) => {
        const metadata = applied.get(row.id)
        return metadata
          ? {
              ...row,
              metadata,
              currentRevisionId: `${row.currentRevisionId}+`,
              lastChangedAt: new Date(),
            }
          : row
      }),
    )
    return {
      applied: applied.size,
      conflicts: conflicts.map(({ pageId, path }) => ({ pageId, path })),
    }
  }
  return (
    <BulkEditor
      rows={state ? [] : visible}
      total={state ? null : rows.length}
      hasMore={!state && loaded < rows.length}
      onLoadMore={onLoadMore}
      loading={state === 'loading' || loading}
      error={state === 'error' ? 'The server did not answer. Try again in a moment.' : null}
      onRetry={() => undefined}
      filter={filter}
      onFilterChange={(next) => {
        setFilter(next)
        setLoaded(PAGE_SIZE)
      }}
      sort={sort}
      onSortChange={setSort}
      authors={BULK_AUTHORS}
      columns={columns}
      onColumnsChange={setColumns}
      edits={edits}
      onApply={onApply}
    />
  )
}

const meta = {
  title: 'Data/BulkEditor',
  component: BulkEditorDemo,
  args: { pages: 2000 },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BulkEditorDemo>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'Pages and their metadata' })
    await expect(grid).toHaveAttribute('aria-rowcount', '2001')
    const title = within(grid)
      .getAllByRole('gridcell')
      .find((cell) => cell.getAttribute('aria-colindex') === '3')
    if (!title) throw new Error('No title cell')
    await userEvent.click(title)
    await userEvent.keyboard('{Enter}')
    const input = within(grid).getByRole('textbox')
    await userEvent.clear(input)
    await userEvent.type(input, 'Edited in the grid{Enter}')
    await expect(await canvas.findByText('1 page changed')).toBeVisible()
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(canvas.queryByText('1 page changed')).toBeNull())
  },
}

export const HundredThousandPages: Story = {
  args: { pages: 100_000 },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid')
    await expect(grid).toHaveAttribute('aria-rowcount', '100001')
    await expect(grid.querySelectorAll('[role="row"]').length).toBeLessThan(60)
    // Scrolling to the end of the loaded pages asks for the next ones.
    grid.scrollTop = grid.scrollHeight
    await expect(await canvas.findByText('100,000 pages (400 loaded)')).toBeVisible()
    await expect(grid.querySelectorAll('[role="row"]').length).toBeLessThan(60)
    // The keyboard moves past the drawn rows: the grid scrolls and the cell takes focus.
    grid.scrollTop = 0
    const first = await waitFor(() => {
      const cell = grid.querySelector<HTMLElement>('[data-cell="0:1"]')
      if (!cell) throw new Error('The first row is not drawn yet')
      return cell
    })
    await userEvent.click(first)
    await userEvent.keyboard('{PageDown}{PageDown}{PageDown}')
    await waitFor(() =>
      expect(
        Number(document.activeElement?.getAttribute('data-cell')?.split(':')[0]),
      ).toBeGreaterThan(20),
    )
    await expect(document.activeElement?.closest('[role="grid"]')).toBe(grid)
  },
}

export const WithPendingEdits: Story = { args: { pending: true } }

export const ReviewAndApply: Story = {
  args: { pending: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Review changes' }))
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: 'Review changes' },
      // The review dialog's code and the dialog's own load when it first opens.
      { timeout: 10_000 },
    )
    await waitFor(() => expect(within(dialog).getByText('/blog/page-000001')).toBeVisible())
    await userEvent.type(within(dialog).getByLabelText(/^Note/), 'Titles for the launch')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply 5 changes' }))
    // The demo server refuses pages whose path ends in 7, as if someone changed them meanwhile.
    await expect(await within(dialog).findByText('Applied 4 pages')).toBeVisible()
    await expect(within(dialog).getByText(/kept pending/)).toHaveTextContent('/docs/page-000007')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.getByText('1 page changed')).toBeVisible())
    await expect(canvas.getByText('1 conflict')).toBeVisible()
  },
}

export const Empty: Story = { args: { pages: 0 } }

export const Loading: Story = { args: { state: 'loading' } }

export const Failed: Story = { args: { state: 'error' } }

export const Dark: Story = { ...dark, args: { pending: true } }

export const Narrow: Story = { ...narrow, args: { pending: true } }
