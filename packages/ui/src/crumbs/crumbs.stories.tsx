import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Crumbs } from './crumbs.tsx'

const trail = [
  { label: 'Dashboard', to: '#/app/organizations' },
  { label: 'Acme', to: '#/app/organizations/acme' },
  { label: 'acme.example', to: '#/app/organizations/acme/sites/acme.example' },
  { label: 'Webhooks', to: '#/app/organizations/acme/sites/acme.example/webhooks' },
  { label: 'History' },
]

const meta = {
  title: 'Navigation/Crumbs',
  component: Crumbs,
  args: { items: trail.slice(0, 3) },
} satisfies Meta<typeof Crumbs>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'acme.example' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
}

export const Single: Story = { args: { items: [{ label: 'Dashboard' }] } }

export const Empty: Story = { args: { items: [] } }

export const Collapsed: Story = {
  args: { items: trail },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'Acme' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Show 1 more crumb' }))
    await expect(canvas.getByRole('link', { name: 'Acme' })).toBeVisible()
  },
}

export const RouterLinks: Story = {
  args: {
    items: trail,
    maxItems: 10,
    renderLink: ({ href, ...props }) => <a href={href} data-router-link="" {...props} />,
  },
}

export const LongRtl: Story = {
  ...rtl,
  args: {
    items: [
      { label: 'لوحة التحكم', to: '#/app' },
      { label: 'شركة أكمي للتحليلات والبيانات الضخمة', to: '#/app/acme' },
      { label: '/blog/2026/11/a-very-long-article-path-that-keeps-going', to: '#/page' },
      { label: 'تعديل الصفحة' },
    ],
  },
}

export const Dark: Story = { ...dark, args: { items: trail } }

export const Narrow: Story = { ...narrow, args: { items: trail } }
