import type { Metadata } from '@headmark/metadata'
import { lintMetadata } from '@headmark/metadata/lint'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useRef, useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { MetadataEditor, type MetadataEditorHandle } from '../metadata-editor/metadata-editor.tsx'
import { SerpPreview } from '../serp-preview/serp-preview.tsx'
import { completePage, pageUrl } from '../social-preview/previews.fixtures.ts'
import { SocialPreview } from '../social-preview/social-preview.tsx'
import { dark, narrow } from '../storybook/states.ts'
import { MetadataChecks } from './metadata-checks.tsx'

const flawedPage: Metadata = {
  title: 'Acme Analytics',
  openGraph: {
    siteName: 'Acme Analytics',
    url: 'https://other.example/pricing',
    image: { url: '/og/pricing.png', width: 600, height: 315, mimeType: 'image/png' },
  },
  twitter: { card: 'summary_large_image' },
  customTags: [
    { name: 'theme-color', content: '#2451c7' },
    { name: 'Theme-Color', content: '' },
  ],
}

const meta = {
  title: 'Product/MetadataChecks',
  component: MetadataChecks,
  args: { findings: lintMetadata(flawedPage, { url: pageUrl }), onFocusField: fn() },
} satisfies Meta<typeof MetadataChecks>

export default meta
type Story = StoryObj<typeof meta>

export const Findings: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { name: /Errors/ })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: /Warnings/ })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Use an absolute URL/ }))
    await expect(args.onFocusField).toHaveBeenCalledWith('openGraph.image.url')
  },
}

export const NoFindings: Story = {
  args: { findings: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No problems found')
  },
}

export const WithoutLinks: Story = { args: { onFocusField: undefined } }

export const Dark: Story = { ...dark }

export const Narrow: Story = { ...narrow }

/** The page screen's arrangement: the editor, its checks and previews updating as one types. */
function EditorWithPreviews({ initial }: { initial: Metadata }) {
  const [draft, setDraft] = useState(initial)
  const editor = useRef<MetadataEditorHandle>(null)
  const findings = useMemo(() => lintMetadata(draft, { url: pageUrl }), [draft])
  return (
    <div
      style={{
        display: 'grid',
        gap: '1.5rem',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      }}
    >
      <MetadataEditor ref={editor} value={draft} onChange={setDraft} />
      <div style={{ display: 'grid', gap: '1.5rem', alignContent: 'start' }}>
        <MetadataChecks
          findings={findings}
          onFocusField={(field) => editor.current?.focusField(field)}
        />
        <SerpPreview metadata={draft} url={pageUrl} />
        <SocialPreview metadata={draft} url={pageUrl} network="facebook" />
      </div>
    </div>
  )
}

export const TypingUpdatesThePreview: Story = {
  render: () => <EditorWithPreviews initial={completePage} />,
  play: async ({ canvas, canvasElement }) => {
    const title = canvas.getByRole('textbox', { name: 'Title' })
    await userEvent.clear(title)
    await expect(canvas.getByText('No title: search engines will write one')).toBeVisible()
    await expect(canvas.getByRole('button', { name: /Add a title/ })).toBeVisible()
    await userEvent.type(title, 'Team plans')
    await expect(canvasElement.querySelector('.hm-serp__title')).toHaveTextContent('Team plans')
    await expect(canvas.queryByRole('button', { name: /Add a title/ })).toBeNull()
    const description = canvas.getByRole('textbox', { name: 'Description' })
    await userEvent.type(description, ' More.')
    await expect(canvasElement.querySelector('.hm-serp__description')).toHaveTextContent(/More\.$/)
  },
}

export const ClickingAFindingFocusesTheField: Story = {
  render: () => <EditorWithPreviews initial={flawedPage} />,
  play: async ({ canvas }) => {
    // A field on another tab: the editor opens the Open Graph tab and focuses the image URL.
    await userEvent.click(canvas.getByRole('button', { name: /Use an absolute URL/ }))
    await waitFor(() => expect(canvas.getAllByRole('textbox', { name: 'URL' })[0]).toHaveFocus())
    await expect(canvas.getByRole('tab', { name: 'Open Graph' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    // Fixing it there removes the finding.
    await userEvent.clear(canvas.getAllByRole('textbox', { name: 'URL' })[0] as HTMLElement)
    await userEvent.type(
      canvas.getAllByRole('textbox', { name: 'URL' })[0] as HTMLElement,
      'https://www.acme.example/og.png',
    )
    await expect(canvas.queryByRole('button', { name: /Use an absolute URL/ })).toBeNull()
    // A field on the first tab, from the keyboard.
    canvas.getByRole('button', { name: /Add a description/ }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveFocus())
    // A custom tag's content.
    await userEvent.click(canvas.getByRole('button', { name: /has no content/ }))
    await waitFor(() =>
      expect(canvas.getAllByRole('textbox', { name: 'Content' })[1]).toHaveFocus(),
    )
  },
}
