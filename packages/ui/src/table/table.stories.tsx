import type { Meta, StoryObj } from '@storybook/react-vite'
import { Badge } from '../badge/badge.tsx'
import { EmptyState } from '../empty-state/empty-state.tsx'
import { Skeleton } from '../skeleton/skeleton.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from './table.tsx'

const pages = [
  { path: '/', title: 'Acme Analytics', status: 'Published' },
  { path: '/pricing', title: 'Pricing — Acme Analytics', status: 'Published' },
  {
    path: '/blog/2026/11/launch-week-recap-with-a-very-long-slug',
    title: 'Launch week recap',
    status: 'Draft',
  },
]

const header = (
  <TableHeader>
    <TableRow>
      <TableHead>Path</TableHead>
      <TableHead>Title</TableHead>
      <TableHead>Status</TableHead>
    </TableRow>
  </TableHeader>
)

const meta = {
  title: 'Data/Table',
  component: Table,
  args: { scrollLabel: 'Pages' },
  render: (args) => (
    <Table {...args}>
      <TableCaption>Pages of acme.example</TableCaption>
      {header}
      <TableBody>
        {pages.map((page) => (
          <TableRow key={page.path}>
            <TableCell>
              <code>{page.path}</code>
            </TableCell>
            <TableCell>{page.title}</TableCell>
            <TableCell>
              <Badge tone={page.status === 'Draft' ? 'warning' : 'success'}>{page.status}</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ),
} satisfies Meta<typeof Table>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Loading: Story = {
  render: (args) => (
    <Table {...args} aria-busy="true">
      {header}
      <TableBody>
        {['a', 'b', 'c'].map((key) => (
          <TableRow key={key}>
            <TableCell>
              <Skeleton width="8rem" />
            </TableCell>
            <TableCell>
              <Skeleton width="12rem" />
            </TableCell>
            <TableCell>
              <Skeleton width="4rem" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  ),
}

export const Empty: Story = {
  render: () => (
    <EmptyState
      headingLevel={3}
      title="No pages yet"
      description="Create a page to edit its metadata."
    />
  ),
}

export const Rtl: Story = { ...rtl }

export const Dark: Story = { ...dark }

export const Narrow: Story = { ...narrow }
