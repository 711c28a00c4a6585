import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { hostileStrings } from '../test/hostile-strings.ts'
import { BulkEditor, type BulkEditorProps } from './bulk-editor.tsx'
import { generateBulkRows } from './bulk-editor.fixtures.ts'
import type { BulkFilter, BulkRow, BulkSort } from './types.ts'

type HarnessProps = Partial<BulkEditorProps> & { rows: readonly BulkRow[] }

function Harness(props: HarnessProps) {
  const [filter, setFilter] = useState<BulkFilter>(props.filter ?? {})
  const [sort, setSort] = useState<BulkSort>({ by: 'path', direction: 'asc' })
  return (
    <BulkEditor
      total={props.rows.length}
      filter={filter}
      onFilterChange={setFilter}
      sort={sort}
      onSortChange={setSort}
      onApply={async (request) => ({ applied: request.edits.length, conflicts: [] })}
      {...props}
    />
  )
}

const cell = (row: number, column: string) => {
  const grid = screen.getByRole('grid')
  const header = within(grid)
    .getAllByRole('columnheader')
    .find((element) => element.textContent?.startsWith(column))
  if (!header) throw new Error(`No column ${column}`)
  const index = header.getAttribute('aria-colindex')
  const rowElement = grid.querySelector(`[role="row"][aria-rowindex="${row + 2}"]`)
  const found = rowElement?.querySelector<HTMLElement>(`[aria-colindex="${index}"]`)
  if (!found) throw new Error(`No cell ${row}:${column}`)
  return found
}

describe('BulkEditor grid', () => {
  it('moves with the arrow keys, edits with Enter and commits with Enter, moving down', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(20)
    render(<Harness rows={rows} />)
    await user.click(cell(0, 'Path'))
    expect(cell(0, 'Path')).toHaveProperty('tabIndex', 0)
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(cell(0, 'Title'))
    expect(cell(0, 'Path').tabIndex).toBe(-1)
    await user.keyboard('{ArrowDown}{Enter}')
    const input = screen.getByRole('textbox', { name: `Title of ${rows[1]!.path}` })
    expect(input).toHaveProperty('value', rows[1]!.metadata.title)
    await user.clear(input)
    await user.type(input, 'A better title{Enter}')
    expect(cell(1, 'Title').textContent).toContain('A better title')
    expect(cell(1, 'Title').dataset.edited).toBe('true')
    expect(document.activeElement).toBe(cell(2, 'Title'))
    expect(screen.getByText('1 page changed')).toBeTruthy()

    // Escape leaves the value as it was.
    await user.keyboard('{F2}')
    await user.type(screen.getByRole('textbox', { name: /^Title of/ }), ' nope{Escape}')
    expect(cell(2, 'Title').textContent).toBe(rows[2]!.metadata.title)
    expect(document.activeElement).toBe(cell(2, 'Title'))

    // Typing on a cell replaces its value.
    await user.keyboard('Ne')
    const typed = screen.getByRole('textbox', { name: /^Title of/ })
    await user.type(typed, 'w{Enter}')
    expect(cell(2, 'Title').textContent).toContain('New')
    await user.keyboard('{ArrowUp}')

    // Home, End and PageDown stay inside the grid.
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(cell(2, 'Last changed'))
    await user.keyboard('{Home}')
    expect(document.activeElement?.getAttribute('aria-colindex')).toBe('1')
  })

  it('refuses a value the editor refuses, shows the rule and keeps the page unchanged', async () => {
    const user = userEvent.setup()
    render(<Harness rows={generateBulkRows(5)} />)
    await user.dblClick(cell(1, 'Canonical URL'))
    const input = screen.getByRole('textbox', { name: /^Canonical URL of/ })
    await user.type(input, 'not a url{Enter}')
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter the canonical URL in full, starting with https://.',
    )
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('textbox', { name: /^Canonical URL of/ })).toBe(input)
    await user.keyboard('{Escape}')
    expect(screen.queryByText(/pages? changed/)).toBeNull()
  })

  it('toggles a yes/no cell with Space and undoes with Ctrl+Z and the Undo button', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(5)
    render(<Harness rows={rows} columns={['title', 'noindex']} />)
    await user.click(cell(1, 'Hide from search engines'))
    await user.keyboard(' ')
    expect(cell(1, 'Hide from search engines').textContent).toContain('Yes')
    await user.dblClick(cell(2, 'Title'))
    await user.type(screen.getByRole('textbox', { name: /^Title of/ }), '!{Enter}')
    expect(screen.getByText('2 pages changed')).toBeTruthy()
    await user.keyboard('{Control>}z{/Control}')
    expect(cell(2, 'Title').textContent).toBe(rows[2]!.metadata.title)
    expect(screen.getByText('1 page changed')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(cell(1, 'Hide from search engines').textContent).toContain('No')
    expect(screen.queryByText(/^[0-9,]+ pages? changed$/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true)
  })

  it('draws a bounded number of rows for 100,000 pages and counts them all', () => {
    const rows = generateBulkRows(100_000)
    render(<Harness rows={rows} />)
    const grid = screen.getByRole('grid')
    expect(grid.getAttribute('aria-rowcount')).toBe('100001')
    const drawn = grid.querySelectorAll('[role="row"]').length
    expect(drawn).toBeGreaterThan(5)
    expect(drawn).toBeLessThan(60)
  })

  it('asks for the next page as the rows in view near the end', () => {
    const onLoadMore = vi.fn()
    const rows = generateBulkRows(30)
    const { rerender } = render(
      <Harness rows={rows} total={5000} hasMore onLoadMore={onLoadMore} />,
    )
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    rerender(<Harness rows={rows} total={5000} hasMore onLoadMore={onLoadMore} loading />)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })
})

describe('BulkEditor operations', () => {
  it('counts and previews a find & replace over the loaded pages, then adds the edits', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(12)
    render(<Harness rows={rows} />)
    await user.click(screen.getByRole('button', { name: 'Find and replace' }))
    const dialog = await screen.findByRole('dialog', { name: 'Find and replace' })
    await user.type(within(dialog).getByLabelText('Find'), 'section')
    await user.type(within(dialog).getByLabelText('Replace with'), 'area')
    // Descriptions on 2 of every 3 pages mention the section.
    expect(await within(dialog).findByText('Found on 8 pages; 8 pages would change.')).toBeTruthy()
    const samples = within(dialog).getByRole('list', { name: 'First changes' })
    expect(within(samples).getAllByRole('listitem')).toHaveLength(5)
    expect(samples.textContent).toContain('of the blog area is about')
    await user.click(within(dialog).getByLabelText('Regular expression'))
    await user.clear(within(dialog).getByLabelText('Find'))
    await user.type(within(dialog).getByLabelText('Find'), 'page (1|2|3) ')
    expect(await within(dialog).findByText('Found on 3 pages; 3 pages would change.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Replace on 3 pages' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('3 pages changed')).toBeTruthy()
  })

  it('says when the expression is not one', async () => {
    const user = userEvent.setup()
    render(<Harness rows={generateBulkRows(3)} />)
    await user.click(screen.getByRole('button', { name: 'Find and replace' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByLabelText('Regular expression'))
    fireEvent.change(within(dialog).getByLabelText('Find'), { target: { value: '(' } })
    expect(await within(dialog).findByText(/Not a regular expression/)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: /Replace on/ })).toHaveProperty(
      'disabled',
      true,
    )
  })

  it('sets a field on a shift-click range of selected pages', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(10)
    render(<Harness rows={rows} />)
    await user.click(screen.getByRole('checkbox', { name: `Select ${rows[1]!.path}` }))
    await user.keyboard('{Shift>}')
    await user.click(screen.getByRole('checkbox', { name: `Select ${rows[3]!.path}` }))
    await user.keyboard('{/Shift}')
    expect(screen.getByText(/3 pages selected/)).toBeTruthy()
    expect(
      screen.getByRole('grid').querySelectorAll('[role="row"][aria-selected="true"]'),
    ).toHaveLength(3)
    await user.click(screen.getByRole('button', { name: 'Set field' }))
    const dialog = await screen.findByRole('dialog', { name: 'Set a field' })
    await user.selectOptions(within(dialog).getByLabelText('Field'), 'openGraph.siteName')
    await user.type(within(dialog).getByLabelText(/^Value/), 'Acme')
    expect(await within(dialog).findByText('3 pages of 3 pages would change.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Set on 3 pages' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('3 pages changed')).toBeTruthy()
  })

  it('asks the server for the preview and the edits when it can build them', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(4)
    const onPreviewOperation = vi.fn(async () => ({
      matchedPages: 40_000,
      changedPages: 39_000,
      sample: [{ path: '/far/away', field: 'title' as const, before: 'Old', after: 'New' }],
    }))
    const onRunOperation = vi.fn(async () => [
      {
        pageId: 'far',
        path: '/far/away',
        baseRevisionId: 'r',
        before: { title: 'Old' },
        after: { title: 'New' },
      },
    ])
    render(
      <Harness
        rows={rows}
        total={40_000}
        filter={{ pathPrefix: '/blog/' }}
        onPreviewOperation={onPreviewOperation}
        onRunOperation={onRunOperation}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Find and replace' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Find'), 'Old')
    expect(
      await within(dialog).findByText('Found on 40,000 pages; 39,000 pages would change.'),
    ).toBeTruthy()
    const operation = {
      kind: 'replace',
      field: 'all',
      find: 'Old',
      replace: '',
      regex: false,
      caseSensitive: false,
    }
    expect(onPreviewOperation).toHaveBeenLastCalledWith(operation, {
      kind: 'filter',
      filter: { pathPrefix: '/blog/' },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Replace on 39,000 pages' }))
    expect(onRunOperation).toHaveBeenCalledWith(operation, {
      kind: 'filter',
      filter: { pathPrefix: '/blog/' },
    })
    expect(await screen.findByText('1 page changed')).toBeTruthy()
  })
})

describe('BulkEditor review and apply', () => {
  it('shows each page’s diff, sends exactly the edits, and keeps conflicts pending', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(6)
    const onApply = vi.fn(async () => ({
      applied: 1,
      conflicts: [{ pageId: rows[2]!.id, path: rows[2]!.path }],
    }))
    render(<Harness rows={rows} onApply={onApply} />)
    await user.dblClick(cell(1, 'Title'))
    const first = screen.getByRole('textbox', { name: /^Title of/ })
    await user.clear(first)
    await user.type(first, 'Pricing{Enter}')
    await user.keyboard('{Enter}')
    const second = screen.getByRole('textbox', { name: /^Title of/ })
    await user.clear(second)
    await user.type(second, 'Careers{Enter}')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Review changes' })
    expect(within(dialog).getByText(rows[1]!.path)).toBeTruthy()
    expect(within(dialog).getAllByText('Pricing').length).toBeGreaterThan(0)
    expect(within(dialog).getAllByText(rows[1]!.metadata.title!).length).toBeGreaterThan(0)
    await user.type(within(dialog).getByLabelText(/^Note/), 'Shorter titles')
    await user.click(within(dialog).getByRole('button', { name: 'Apply 2 changes' }))
    expect(onApply).toHaveBeenCalledWith({
      edits: [
        {
          pageId: rows[1]!.id,
          path: rows[1]!.path,
          baseRevisionId: rows[1]!.currentRevisionId,
          metadata: { ...rows[1]!.metadata, title: 'Pricing' },
        },
        {
          pageId: rows[2]!.id,
          path: rows[2]!.path,
          baseRevisionId: rows[2]!.currentRevisionId,
          metadata: { ...rows[2]!.metadata, title: 'Careers' },
        },
      ],
      note: 'Shorter titles',
    })
    expect(await within(dialog).findByText('Applied 1 page')).toBeTruthy()
    expect(within(dialog).getByText(/kept pending/).textContent).toContain(rows[2]!.path)
    await user.keyboard('{Escape}')
    expect(screen.getByText('1 page changed')).toBeTruthy()
    expect(screen.getByText('1 conflict')).toBeTruthy()
    expect(cell(2, 'Title').textContent).toContain('Careers')
    expect(cell(2, 'Path').textContent).toContain('Conflict')
  })

  it('discards every pending change after asking', async () => {
    const user = userEvent.setup()
    render(<Harness rows={generateBulkRows(3)} columns={['noindex']} />)
    await user.click(cell(0, 'Hide from search engines'))
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Discard…' }))
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }))
    expect(screen.queryByText(/^[0-9,]+ pages? changed$/)).toBeNull()
  })
})

describe('BulkEditor with hostile strings', () => {
  const strings = hostileStrings().filter((text) => text.length <= 512)

  it('shows every one as text in its cell and path', () => {
    const rows = strings.map((text, index) => ({
      ...generateBulkRows(1, index)[0]!,
      id: `hostile-${index}`,
      path: `/h/${index}`,
      metadata: { title: text, description: text },
    }))
    const { container } = render(<Harness rows={rows.slice(0, 20)} />)
    expect(container.querySelector('script, img, svg[onload], iframe, style')).toBeNull()
    rows.slice(0, 20).forEach((row, index) => {
      expect(cell(index, 'Title').querySelector('.hm-bulk-editor__value')?.textContent).toBe(
        row.metadata.title || undefined,
      )
    })
  })

  it('round-trips through a cell to exactly what is applied', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(3)
    const onApply = vi.fn(async () => ({ applied: 1, conflicts: [] }))
    render(<Harness rows={rows} onApply={onApply} />)
    for (const text of strings.slice(0, 12)) {
      await user.dblClick(cell(0, 'Title'))
      const input = screen.getByRole<HTMLInputElement>('textbox', { name: /^Title of/ })
      fireEvent.change(input, { target: { value: text } })
      await user.keyboard('{Enter}')
      if (text === '' || text === rows[0]!.metadata.title) continue
      expect(cell(0, 'Title').querySelector('.hm-bulk-editor__value')?.textContent ?? '').toBe(text)
    }
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    await user.click(await screen.findByRole('button', { name: 'Apply 1 change' }))
    expect(onApply).toHaveBeenCalledWith({
      edits: [expect.objectContaining({ metadata: { ...rows[0]!.metadata, title: strings[11] } })],
    })
  })
})

describe('BulkEditor selection, sorting and columns', () => {
  it('selects all loaded pages, then every page matching the filter', async () => {
    const user = userEvent.setup()
    const rows = generateBulkRows(8)
    render(<Harness rows={rows} total={5000} hasMore />)
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded pages' }))
    expect(screen.getByText(/8 pages selected/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Select all 5,000 pages matching' }))
    expect(screen.getByText(/All 5,000 pages selected/)).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Clear the selection' }))
    expect(screen.queryByText(/selected/)).toBeNull()
  })

  it('sorts by path and by last change, saying which way', async () => {
    const user = userEvent.setup()
    const onSortChange = vi.fn()
    render(
      <Harness
        rows={generateBulkRows(3)}
        sort={{ by: 'path', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    )
    const path = screen.getByRole('columnheader', { name: /Path/ })
    expect(path.getAttribute('aria-sort')).toBe('ascending')
    await user.click(within(path).getByRole('button'))
    expect(onSortChange).toHaveBeenLastCalledWith({ by: 'path', direction: 'desc' })
    await user.click(
      within(screen.getByRole('columnheader', { name: /Last changed/ })).getByRole('button'),
    )
    expect(onSortChange).toHaveBeenLastCalledWith({ by: 'changed', direction: 'desc' })
  })

  it('shows the chosen field columns and reports the choice', async () => {
    const user = userEvent.setup()
    const onColumnsChange = vi.fn()
    render(<Harness rows={generateBulkRows(3)} onColumnsChange={onColumnsChange} />)
    expect(screen.queryByRole('columnheader', { name: 'Twitter › Card' })).toBeNull()
    await user.click(screen.getByText('Columns'))
    await user.click(screen.getByRole('checkbox', { name: 'Twitter › Card' }))
    expect(onColumnsChange).toHaveBeenLastCalledWith([
      'title',
      'description',
      'canonical',
      'noindex',
      'openGraph.title',
      'openGraph.image.url',
      'twitter.card',
    ])
    expect(screen.getByRole('columnheader', { name: 'Twitter › Card' })).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Description' }))
    expect(screen.queryByRole('columnheader', { name: 'Description' })).toBeNull()
  })
})

describe('BulkEditor field choices', () => {
  it('offers only the Missing filters and operation fields it is given', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        rows={generateBulkRows(3)}
        missingFields={['title', 'description']}
        operationFields={['title', 'description', 'noindex']}
        onPreviewOperation={async () => ({ matchedPages: 3, changedPages: 3, sample: [] })}
        onRunOperation={async () => []}
      />,
    )
    const missing = screen.getByLabelText('Missing')
    expect(
      within(missing)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any field', 'Title', 'Description'])
    await user.click(screen.getByRole('button', { name: 'Set field' }))
    const dialog = screen.getByRole('dialog', { name: 'Set a field' })
    const field = within(dialog).getByLabelText('Field')
    expect(within(field).getAllByRole('option')).toHaveLength(3)
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Find and replace' }))
    const replace = within(screen.getByRole('dialog', { name: 'Find and replace' })).getByLabelText(
      'Field',
    )
    // "All text fields", then the text fields among those given.
    expect(
      within(replace)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'title', 'description'])
  })
})

describe('BulkEditor states', () => {
  it('offers to clear filters when nothing matches them', async () => {
    const user = userEvent.setup()
    const onFilterChange = vi.fn()
    render(
      <Harness rows={[]} total={0} filter={{ glob: '/nope/**' }} onFilterChange={onFilterChange} />,
    )
    expect(screen.getByRole('heading', { name: 'No pages match these filters' })).toBeTruthy()
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!)
    expect(onFilterChange).toHaveBeenCalledWith({})
  })

  it('shows placeholder rows while the first page loads, and the error with Try again', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<Harness rows={[]} total={null} loading />)
    expect(screen.getByRole('grid').getAttribute('aria-busy')).toBe('true')
    const onRetry = vi.fn()
    rerender(
      <Harness rows={[]} total={null} error="The server did not answer." onRetry={onRetry} />,
    )
    expect(screen.getByRole('alert').textContent).toContain('The server did not answer.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
  })

  it('sends a typed path filter once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const onFilterChange = vi.fn()
    render(<Harness rows={generateBulkRows(2)} onFilterChange={onFilterChange} />)
    fireEvent.change(screen.getByLabelText('Path starts with'), { target: { value: '/bl' } })
    fireEvent.change(screen.getByLabelText('Path starts with'), { target: { value: '/blog/' } })
    expect(onFilterChange).not.toHaveBeenCalled()
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    expect(onFilterChange).toHaveBeenCalledTimes(1)
    expect(onFilterChange).toHaveBeenCalledWith({ pathPrefix: '/blog/' })
    vi.useRealTimers()
  })
})
