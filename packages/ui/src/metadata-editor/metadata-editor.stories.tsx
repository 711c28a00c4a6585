import type { Metadata } from '@headmark/metadata'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { arabicPage, pricingPage, siteDefaults } from './editor.fixtures.ts'
import {
  MetadataEditor,
  type MetadataEditorProps,
  type MetadataEditorTab,
} from './metadata-editor.tsx'

/** Holds the value and tab the way the app does (state, or the URL). */
function Harness({ value: initial, tab: initialTab, ...props }: MetadataEditorProps) {
  const [value, setValue] = useState<Metadata>(initial)
  const [tab, setTab] = useState<MetadataEditorTab>(initialTab ?? 'basic')
  return (
    <MetadataEditor
      {...props}
      value={value}
      savedValue={props.savedValue ?? initial}
      onChange={(next) => {
        setValue(next)
        props.onChange(next)
      }}
      tab={tab}
      onTabChange={(next) => {
        setTab(next)
        props.onTabChange?.(next)
      }}
    />
  )
}

const meta = {
  title: 'Product/MetadataEditor',
  component: MetadataEditor,
  render: (args) => <Harness {...args} />,
  args: {
    value: pricingPage,
    onChange: fn(),
    onTabChange: fn(),
    onSave: fn(),
  },
} satisfies Meta<typeof MetadataEditor>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Empty: Story = { args: { value: {} } }

export const KeyboardTabs: Story = {
  play: async ({ args, canvas }) => {
    const basic = canvas.getByRole('tab', { name: 'Basic' })
    basic.focus()
    await userEvent.keyboard('{ArrowRight}')
    const openGraph = canvas.getByRole('tab', { name: 'Open Graph' })
    await expect(openGraph).toHaveFocus()
    await expect(openGraph).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('textbox', { name: 'Canonical URL' })).toBeVisible()
    await userEvent.keyboard('{End}')
    await expect(canvas.getByRole('tab', { name: 'Custom' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await userEvent.keyboard('{Home}')
    await expect(basic).toHaveAttribute('aria-selected', 'true')
    await expect(args.onTabChange).toHaveBeenCalledWith('opengraph')
    await expect(args.onTabChange).toHaveBeenLastCalledWith('basic')
  },
}

export const CustomTags: Story = {
  args: { tab: 'custom' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add tag' }))
    const names = canvas.getAllByRole('textbox', { name: 'Name' })
    await expect(names).toHaveLength(3)
    await expect(names[2]).toHaveFocus()
    await userEvent.keyboard('og:see_also')
    const contents = canvas.getAllByRole('textbox', { name: 'Content' })
    await userEvent.type(contents[2] as HTMLElement, 'https://acme.example/plans')
    await userEvent.click(canvas.getByRole('button', { name: 'Move og:see_also up' }))
    await expect(canvas.getAllByRole('textbox', { name: 'Name' })[1]).toHaveValue('og:see_also')
    await userEvent.click(canvas.getByRole('button', { name: 'Remove og:see_also' }))
    await expect(canvas.getAllByRole('textbox', { name: 'Name' })).toHaveLength(2)
    await expect(canvas.queryByDisplayValue('og:see_also')).toBeNull()
    await expect(canvas.getByRole('status')).toHaveTextContent('All changes saved')
  },
}

export const ValidationError: Story = {
  args: { tab: 'opengraph' },
  play: async ({ canvas }) => {
    const url = canvas.getByRole('textbox', { name: 'Canonical URL' })
    await userEvent.clear(url)
    await userEvent.type(url, 'acme.example/pricing')
    await userEvent.tab()
    await expect(url).toHaveAttribute('aria-invalid', 'true')
    await expect(url).toHaveAccessibleDescription('Enter a full URL starting with https://.')
    await expect(canvas.getByRole('tab', { name: 'Open Graph 1 error' })).toBeVisible()
  },
}

export const SaveBlockedByErrors: Story = {
  args: {
    value: { ...pricingPage, icon: [{ url: '', width: 32, height: 32, mimeType: 'image/png' }] },
  },
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), '!')
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).not.toHaveBeenCalled()
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Images 1 error' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    )
    await expect(canvas.getByText('Enter the image URL.')).toBeVisible()
  },
}

export const DuplicateTagNames: Story = {
  args: {
    tab: 'custom',
    value: {
      customTags: [
        { name: 'theme-color', content: '#2451c7' },
        { name: 'Theme-Color', content: '#111318' },
      ],
    },
  },
  play: async ({ canvas }) => {
    const names = canvas.getAllByRole('textbox', { name: 'Name' })
    for (const name of names) await expect(name).toHaveAttribute('aria-invalid', 'true')
  },
}

export const ServerErrors: Story = {
  args: { errors: { title: 'A page with this title already exists on acme.example.' } },
}

export const DirtyAndReset: Story = {
  play: async ({ args, canvas }) => {
    const title = canvas.getByRole('textbox', { name: 'Title' })
    await userEvent.clear(title)
    await userEvent.type(title, 'Plans and prices')
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes')
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Plans and prices' }),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }))
    await expect(title).toHaveValue(pricingPage.title)
    await expect(canvas.getByRole('status')).toHaveTextContent('All changes saved')
  },
}

export const Saving: Story = {
  args: { saving: true, savedValue: { title: 'Old title' } },
}

export const ReadOnly: Story = {
  args: { readOnly: true, status: 'Viewing the revision of 20 Nov 2026, 09:14' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly')
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull()
  },
}

export const ReadOnlyCustomTags: Story = { args: { readOnly: true, tab: 'custom' } }

export const Images: Story = { args: { tab: 'images' } }

export const Twitter: Story = { args: { tab: 'twitter' } }

export const LongRtlContent: Story = { ...rtl, args: { value: arabicPage } }

export const Dark: Story = { ...dark, args: { tab: 'opengraph' } }

export const Narrow: Story = { ...narrow, args: { tab: 'custom' } }

/** A page that sets only a few fields: the site's defaults show through as placeholders. */
export const Inherited: Story = {
  args: {
    value: { title: 'Pricing', openGraph: { title: 'Acme Analytics pricing' } },
    inherited: siteDefaults,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveAttribute(
      'placeholder',
      siteDefaults.description,
    )
    await userEvent.click(canvas.getByRole('tab', { name: 'Open Graph' }))
    await expect(canvas.getByRole('textbox', { name: 'Site name' })).toHaveAttribute(
      'placeholder',
      'Acme Analytics',
    )
    await expect(canvas.getByRole('textbox', { name: 'Site name' })).toHaveValue('')
  },
}

export const InheritedDark: Story = { ...dark, args: { ...Inherited.args, tab: 'opengraph' } }

const searchPage: Metadata = {
  ...pricingPage,
  canonical: 'https://acme.example/pricing',
  robots: { nofollow: true, maxImagePreview: 'large', maxSnippet: 160 },
  alternates: {
    en: 'https://acme.example/pricing',
    de: 'https://acme.example/de/preise',
    'x-default': 'https://acme.example/pricing',
  },
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Acme Analytics Team',
      offers: { '@type': 'Offer', price: '49', priceCurrency: 'USD' },
    },
  ],
}

/** Canonical URL, language versions and robots directives in the Basic tab. */
export const SearchDirectives: Story = {
  args: { value: searchPage },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Canonical URL' })).toHaveValue(
      'https://acme.example/pricing',
    )
    await expect(canvas.getByRole('switch', { name: /nofollow/ })).toBeChecked()
  },
}

export const SearchDirectivesDark: Story = { ...dark, args: { value: searchPage } }

/** A site's defaults: no canonical URL or language versions, which belong to one page. */
export const SiteDefaultsScope: Story = {
  args: { value: siteDefaults, scope: 'defaults' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('textbox', { name: 'Canonical URL' })).toBeNull()
  },
}

export const StructuredData: Story = {
  args: {
    value: searchPage,
    tab: 'structured',
    pageUrl: 'https://acme.example/pricing',
    inherited: { jsonLd: [{ '@type': 'Organization', name: 'Acme' }] },
  },
  play: async ({ canvas }) => {
    // The Product opens as a form; the JSON view holds the same item.
    const product = canvas.getByRole('region', { name: 'Product (item 1)' })
    await expect(within(product).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Acme Analytics Team',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'JSON' }))
    await expect(canvas.getByText(/1 item: Product/)).toBeInTheDocument()
  },
}

export const StructuredDataNotJsonYet: Story = {
  args: { value: { title: 'Launch' }, tab: 'structured' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'JSON' }))
    const field = canvas.getByRole('textbox', { name: 'Structured data (JSON-LD)' })
    // `[[` and `{{` are how user-event types a literal `[` and `{`.
    await userEvent.type(field, '[[{{"@type": ')
    await expect(await canvas.findByText(/This is not JSON yet/)).toBeInTheDocument()
  },
}

export const StructuredDataDark: Story = { ...dark, args: { ...StructuredData.args } }

export const StructuredDataNarrow: Story = { ...narrow, args: { ...StructuredData.args } }
