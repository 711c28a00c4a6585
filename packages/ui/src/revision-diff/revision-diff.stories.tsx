import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { arabicPage, completePage, longPage } from '../social-preview/previews.fixtures.ts'
import { squareImage } from '../storybook/preview-images.ts'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { RevisionDiff } from './revision-diff.tsx'

const edited = {
  ...completePage,
  title: 'Team pricing — Acme Analytics',
  description: undefined,
  noindex: true,
  openGraph: {
    ...completePage.openGraph,
    description:
      'Start free, upgrade when you need more sites, pages and webhooks. Every plan includes email support and the metadata API.',
    image: { ...squareImage, url: 'https://www.acme.example/og/square.png' },
    locale: 'en_GB',
  },
  customTags: [
    { name: 'theme-color', content: '#7c3aed' },
    { name: 'google-site-verification', content: 'f3c9a1b2' },
  ],
}

const meta = {
  title: 'Product/RevisionDiff',
  component: RevisionDiff,
  args: {
    before: completePage,
    after: edited,
    beforeLabel: '3 May 2026, 14:02',
    afterLabel: 'Current',
  },
} satisfies Meta<typeof RevisionDiff>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Open Graph › Main image › Width')).toBeVisible()
    await expect(canvas.getByText('Custom tag 2 › Name')).toBeVisible()
  },
}

export const FilterWithTheKeyboard: Story = {
  play: async ({ canvas }) => {
    const removed = canvas.getByRole('button', { name: /^Removed/ })
    removed.focus()
    await userEvent.keyboard('{Enter}')
    await expect(removed).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1)
    await expect(canvas.getByText('Description')).toBeVisible()
    await userEvent.tab({ shift: true })
    await userEvent.tab({ shift: true })
    await userEvent.keyboard(' ')
    await expect(canvas.getByRole('button', { name: /^All/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
}

export const LongTextDiff: Story = {
  args: { before: completePage, after: longPage },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('ins').length).toBeGreaterThan(0)
    await expect(canvasElement.querySelectorAll('del').length).toBeGreaterThan(0)
  },
}

export const NoDifferences: Story = {
  args: { after: completePage },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No differences/)).toBeVisible()
  },
}

export const FromNothing: Story = { args: { before: {}, after: completePage } }

export const RightToLeft: Story = {
  args: { before: arabicPage, after: { ...arabicPage, title: 'الأسعار — أكمي' } },
  ...rtl,
}

export const Dark: Story = { args: { after: longPage }, ...dark }

export const Narrow: Story = { ...narrow }
