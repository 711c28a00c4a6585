import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Badge } from '../badge/badge.tsx'
import { Button } from '../button/button.tsx'
import { dark, narrow } from '../storybook/states.ts'
import { DataTable, type DataTableColumn } from './data-table.tsx'

interface Page {
  path: string
  title: string
  status: 'Published' | 'Draft'
  revisions: number
}

const pages: Page[] = [
  { path: '/', title: 'Acme Analytics', status: 'Published', revisions: 12 },
  { path: '/pricing', title: 'Pricing — Acme Analytics', status: 'Published', revisions: 4 },
  {
    path: '/blog/2026/11/launch-week-recap-with-a-very-long-slug',
    title: 'Launch week recap',
    status: 'Draft',
    revisions: 1,
  },
]

const columns: DataTableColumn<Page>[] = [
  {
    id: 'path',
    header: 'Path',
    rowHeader: true,
    cell: (page) => (
      <a href={`#${page.path}`}>
        <code>{page.path}</code>
      </a>
    ),
  },
  { id: 'title', header: 'Title', cell: (page) => page.title },
  {
    id: 'status',
    header: 'Status',
    cell: (page) => (
      <Badge tone={page.status === 'Draft' ? 'warning' : 'success'}>{page.status}</Badge>
    ),
  },
  { id: 'revisions', header: 'Revisions', align: 'end', cell: (page) => page.revisions },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (page) => (
      <Button size="sm" variant="ghost">
        Delete<span className="hm-visually-hidden"> {page.path}</span>
      </Button>
    ),
  },
]

const meta = {
  title: 'Data/DataTable',
  component: DataTable<Page>,
  args: {
    label: 'Pages of acme.example',
    columns,
    rows: pages,
    getRowId: (page: Page) => page.path,
    empty: {
      title: 'No pages yet',
      description: 'Add a page by its path to give it metadata of its own.',
      action: <Button variant="primary">Create page</Button>,
    },
    errorTitle: 'The pages could not be loaded',
    error: new Error('The server did not answer. Try again in a moment.'),
    onRetry: fn(),
  },
} satisfies Meta<typeof DataTable<Page>>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Pages of acme.example' })
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(3)
    await userEvent.tab()
    await userEvent.tab()
    await expect(within(table).getByRole('link', { name: '/' })).toHaveFocus()
  },
}

export const VisibleCaption: Story = { args: { caption: 'Pages changed this week' } }

export const Loading: Story = { args: { status: 'pending', rows: undefined } }

export const Failed: Story = {
  args: { status: 'error', rows: undefined },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

export const Empty: Story = { args: { rows: [] } }

function PagedTable(props: { label: string }) {
  const [page, setPage] = useState(0)
  const [pageSize, setPageSize] = useState(2)
  const pageCount = Math.ceil(pages.length / pageSize)
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(row) => row.path}
      rows={pages.slice(page * pageSize, (page + 1) * pageSize)}
      pagination={{
        kind: 'pages',
        page,
        pageCount,
        onPageChange: setPage,
        label: 'Pages of the page list',
        summary: `${pages.length} pages`,
        pageSize,
        pageSizes: [2, 10, 50],
        onPageSizeChange: (size) => {
          setPageSize(size)
          setPage(0)
        },
      }}
    />
  )
}

export const Paged: Story = {
  render: (args) => <PagedTable label={args.label} />,
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Pages of the page list' })
    await expect(nav).toHaveTextContent('Page 1 of 2 · 3 pages')
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }))
    await expect(nav).toHaveTextContent('Page 2 of 2')
    await expect(canvas.getAllByRole('rowheader')).toHaveLength(1)
  },
}

export const LoadMore: Story = {
  args: {
    pagination: { kind: 'more', hasMore: true, onLoadMore: fn(), label: 'Show more pages' },
  },
}

export const Dark: Story = { ...dark }

export const DarkLoading: Story = { ...dark, args: { status: 'pending', rows: undefined } }

export const Narrow: Story = {
  ...narrow,
  args: {
    pagination: { kind: 'more', hasMore: true, onLoadMore: fn(), label: 'Show more pages' },
  },
}

export const NarrowDark: Story = {
  ...narrow,
  ...dark,
  globals: { ...narrow.globals, ...dark.globals },
}
