import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { dark, narrow } from '../storybook/states.ts'
import { CodeBlock } from './code-block.tsx'

const install = `npm install @headmark/metadata

import { createClient } from '@headmark/metadata'
const headmark = createClient({ dsn: 'dsn_acme' })`

const meta = {
  title: 'Data/CodeBlock',
  component: CodeBlock,
  args: { code: install, label: 'Install', onCopy: fn() },
} satisfies Meta<typeof CodeBlock>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvas }) => {
    // The label names the figure, so assistive technology announces what the code is.
    await expect(canvas.getByRole('figure', { name: 'Install' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Install' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Copied'))
    await expect(args.onCopy).toHaveBeenCalled()
  },
}

export const WithoutLabel: Story = { args: { label: undefined, code: 'dsn_acme' } }

export const Empty: Story = { args: { code: '' } }

export const LongLines: Story = {
  args: {
    label: 'Webhook signature',
    code: 'X-Webhook-Signature: sha256=5d41402abc4b2a76b9719d911017c592ae9c2b8e3f3a3e1e4b1c7b9f0a6d2c115d41402abc4b2a76b9719d911017c592',
  },
}

export const Dark: Story = { ...dark }

export const Narrow: Story = { ...narrow }
