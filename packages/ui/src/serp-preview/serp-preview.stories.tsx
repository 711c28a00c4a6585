import type { Metadata } from '@headmark/metadata'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import {
  arabicPage,
  completePage,
  emojiPage,
  emptyPage,
  japanesePage,
  longPage,
  pageUrl,
} from '../social-preview/previews.fixtures.ts'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { SerpPreview } from './serp-preview.tsx'

const meta = {
  title: 'Product/SerpPreview',
  component: SerpPreview,
  args: { metadata: completePage, url: pageUrl, device: 'desktop' },
} satisfies Meta<typeof SerpPreview>

export default meta
type Story = StoryObj<typeof meta>

export const Desktop: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Pricing for teams — Acme Analytics')).toBeVisible()
    await expect(canvas.getByText('https://www.acme.example › pricing › teams')).toBeVisible()
    await expect(canvas.getByText('Acme Analytics')).toBeVisible()
  },
}

export const Mobile: Story = { args: { device: 'mobile' } }

export const LongDesktop: Story = {
  args: { metadata: longPage },
  play: async ({ canvasElement }) => {
    const title = canvasElement.querySelector('.hm-serp__title') as HTMLElement
    await expect(title.textContent).toMatch(/ …$/)
    // Cut where the measurement says: the shown title fits the 600 px column.
    await expect(title.scrollWidth).toBeLessThanOrEqual(600)
    await expect(canvasElement.querySelector('.hm-serp__description')?.textContent).toMatch(/…$/)
  },
}

export const LongMobile: Story = { args: { metadata: longPage, device: 'mobile' } }

export const Empty: Story = {
  args: { metadata: emptyPage },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No title: search engines will write one')).toBeVisible()
    await expect(canvas.getByText(/No description/)).toBeVisible()
  },
}

export const MissingFavicon: Story = {
  args: { metadata: { ...completePage, icon: undefined } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.hm-site-icon')).toHaveAttribute(
      'data-state',
      'missing',
    )
  },
}

export const BrokenFavicon: Story = {
  args: {
    metadata: {
      ...completePage,
      icon: [{ url: 'data:image/png;base64,AAAA', width: 32, height: 32, mimeType: 'image/png' }],
    },
  },
}

export const RightToLeft: Story = { args: { metadata: arabicPage }, ...rtl }

export const Japanese: Story = { args: { metadata: japanesePage } }

export const JapaneseMobile: Story = { args: { metadata: japanesePage, device: 'mobile' } }

export const Emoji: Story = { args: { metadata: emojiPage } }

export const Dark: Story = { args: { metadata: longPage }, ...dark }

export const DarkMobile: Story = { args: { device: 'mobile' }, ...dark }

export const Narrow: Story = { args: { metadata: longPage }, ...narrow }

const richPage: Metadata = {
  ...completePage,
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.acme.example/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Pricing',
          item: 'https://www.acme.example/pricing',
        },
        { '@type': 'ListItem', position: 3, name: 'Teams' },
      ],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Acme Analytics Team',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 1284 },
      offers: {
        '@type': 'Offer',
        price: '49.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Can I change plans later?',
          acceptedAnswer: {
            '@type': 'Answer',
            text: 'Yes, at any time; we prorate the difference.',
          },
        },
        {
          '@type': 'Question',
          name: 'Is there a free trial?',
          acceptedAnswer: { '@type': 'Answer', text: 'Fourteen days, no card needed.' },
        },
      ],
    },
  ],
}

/** What structured data adds: breadcrumbs for the path, the product's rating and price, an FAQ. */
export const RichResult: Story = {
  args: { metadata: richPage },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('https://www.acme.example › Pricing › Teams')).toBeVisible()
    await expect(canvas.getByText('Rating: 4.6 · 1284 reviews · $49.00 · In stock')).toBeVisible()
    await expect(canvas.getByText('Rich result: Breadcrumbs, Product snippet, FAQ')).toBeVisible()
  },
}

export const RichResultMobile: Story = { args: { metadata: richPage, device: 'mobile' } }

export const RichResultDark: Story = { args: { metadata: richPage }, ...dark }

export const RichResultNarrow: Story = { args: { metadata: richPage }, ...narrow }
