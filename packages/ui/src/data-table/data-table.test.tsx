import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DataTable, type DataTableColumn } from './data-table.tsx'

interface Site {
  id: string
  name: string
  pages: number
}

const sites: Site[] = [
  { id: '1', name: 'Acme', pages: 12 },
  { id: '2', name: 'Blog', pages: 3 },
]

const columns: DataTableColumn<Site>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (site) => site.name },
  { id: 'pages', header: 'Pages', align: 'end', cell: (site) => site.pages },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (site) => <button type="button">Open {site.name}</button>,
  },
]

const base = { columns, getRowId: (site: Site) => site.id, label: 'Sites' }

describe('DataTable', () => {
  it('is a table named by its label, with column headers and a row header per row', () => {
    render(<DataTable {...base} rows={sites} />)
    const table = screen.getByRole('table', { name: 'Sites' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.getAttribute('scope'))).toEqual(['col', 'col', 'col'])
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Pages', 'Actions'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Acme', 'Blog'])
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByRole('button', { name: 'Open Blog' })).toBeTruthy()
  })

  it('keys rows by their id when it is given no getRowId', () => {
    render(<DataTable columns={columns} label="Sites" rows={sites} />)
    expect(within(screen.getByRole('table', { name: 'Sites' })).getAllByRole('row')).toHaveLength(3)
  })

  it('shows placeholder rows in a busy table while loading', () => {
    render(<DataTable {...base} rows={undefined} status="pending" loadingRows={4} />)
    const table = screen.getByRole('table', { name: 'Sites' })
    expect(table.getAttribute('aria-busy')).toBe('true')
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0)
  })

  it('shows the error with a retry instead of the table', async () => {
    const onRetry = vi.fn()
    render(
      <DataTable
        {...base}
        rows={undefined}
        status="error"
        errorTitle="The sites could not be loaded"
        errorMessage="The server did not answer."
        onRetry={onRetry}
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('alert').textContent).toContain('The server did not answer.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('reads a React Query–like result: its rows, its error and its refetch', async () => {
    const refetch = vi.fn()
    const { rerender } = render(
      <DataTable {...base} query={{ status: 'error', error: new Error('Server down'), refetch }} />,
    )
    expect(screen.getByRole('alert').textContent).toContain('Server down')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalledOnce()
    rerender(<DataTable {...base} query={{ status: 'success', data: sites, refetch }} />)
    expect(screen.getAllByRole('rowheader')).toHaveLength(2)
  })

  it('shows the empty state when there are no rows', () => {
    render(<DataTable {...base} rows={[]} empty={{ title: 'No sites yet' }} />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('heading', { name: 'No sites yet' })).toBeTruthy()
  })

  it('pages with Previous and Next, each disabled at its end', async () => {
    const onPageChange = vi.fn()
    const { rerender } = render(
      <DataTable
        {...base}
        rows={sites}
        pagination={{
          kind: 'pages',
          page: 0,
          pageCount: 2,
          onPageChange,
          label: 'Pages of sites',
          summary: '42 sites',
        }}
      />,
    )
    const nav = screen.getByRole('navigation', { name: 'Pages of sites' })
    expect(nav.textContent).toContain('Page 1 of 2 · 42 sites')
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true)
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }))
    expect(onPageChange).toHaveBeenCalledWith(1)
    rerender(
      <DataTable
        {...base}
        rows={sites}
        pagination={{ kind: 'pages', page: 1, pageCount: 2, onPageChange, label: 'Pages of sites' }}
      />,
    )
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
  })

  it('loads more while there is more, then offers nothing', async () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(
      <DataTable
        {...base}
        rows={sites}
        pagination={{ kind: 'more', hasMore: true, onLoadMore, label: 'Show more sites' }}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Show more sites' }))
    expect(onLoadMore).toHaveBeenCalledOnce()
    rerender(
      <DataTable
        {...base}
        rows={sites}
        pagination={{ kind: 'more', hasMore: false, onLoadMore }}
      />,
    )
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull()
  })
})
