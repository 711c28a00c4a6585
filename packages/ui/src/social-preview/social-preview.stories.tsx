import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { brokenImage, squareImage } from '../storybook/preview-images.ts'
import { dark, narrow, rtl } from '../storybook/states.ts'
import {
  arabicPage,
  completePage,
  emptyPage,
  japanesePage,
  longPage,
  pageUrl,
} from './previews.fixtures.ts'
import { SOCIAL_NETWORKS, SocialPreview, type SocialPreviewProps } from './social-preview.tsx'

/** Every network's card for the same page, one under the other. */
function AllNetworks(props: Omit<SocialPreviewProps, 'network'>) {
  const summary = {
    ...props.metadata,
    twitter: { ...props.metadata.twitter, card: 'summary' as const },
  }
  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: 520 }}>
      {SOCIAL_NETWORKS.map((network) => (
        <SocialPreview key={network} {...props} network={network} />
      ))}
      <SocialPreview {...props} metadata={summary} network="x" />
    </div>
  )
}

const meta = {
  title: 'Product/SocialPreview',
  component: SocialPreview,
  args: { metadata: completePage, url: pageUrl, network: 'facebook' },
} satisfies Meta<typeof SocialPreview>

export default meta
type Story = StoryObj<typeof meta>

export const Facebook: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: 'Facebook link preview' })).toBeVisible()
    await expect(canvas.getByText('acme.example')).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'Three plan cards side by side' })).toBeVisible()
  },
}

export const XLargeImage: Story = {
  args: { network: 'x' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: 'X large image card preview' })).toBeVisible()
    await expect(canvas.getByText('From acme.example')).toBeVisible()
  },
}

export const XSummary: Story = {
  args: { network: 'x', metadata: { ...completePage, twitter: { card: 'summary' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure', { name: 'X summary card preview' })).toBeVisible()
  },
}

export const LinkedIn: Story = { args: { network: 'linkedin' } }

export const Slack: Story = { args: { network: 'slack' } }

export const Discord: Story = {
  args: { network: 'discord' },
  play: async ({ canvasElement }) => {
    // The embed's edge takes the page's theme-color.
    await expect(
      (canvasElement.querySelector('.hm-social') as HTMLElement).style.getPropertyValue(
        '--hm-social-accent',
      ),
    ).toBe('#2451c7')
  },
}

export const EveryNetwork: Story = { render: (args) => <AllNetworks {...args} /> }

export const EveryNetworkDark: Story = { render: (args) => <AllNetworks {...args} />, ...dark }

export const LongTexts: Story = {
  render: (args) => <AllNetworks {...args} />,
  args: { metadata: longPage },
}

export const MissingImage: Story = {
  render: (args) => <AllNetworks {...args} />,
  args: { metadata: { title: 'Pricing for teams', description: 'Plans for every team.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('img', { name: 'No image' }).length).toBeGreaterThan(0)
  },
}

export const BrokenImage: Story = {
  args: {
    metadata: { ...completePage, openGraph: { ...completePage.openGraph, image: brokenImage } },
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Image did not load' })).toBeVisible(),
    )
  },
}

export const RelativeImageUrl: Story = {
  args: {
    metadata: {
      ...completePage,
      openGraph: { ...completePage.openGraph, image: { ...brokenImage, url: '/og/pricing.png' } },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: 'Image URL is not an absolute web address' }),
    ).toBeVisible()
  },
}

export const SquareImageCropped: Story = {
  render: (args) => <AllNetworks {...args} />,
  args: {
    metadata: {
      ...completePage,
      openGraph: { ...completePage.openGraph, image: squareImage },
      twitter: { card: 'summary_large_image' },
    },
  },
}

export const Empty: Story = {
  render: (args) => <AllNetworks {...args} />,
  args: { metadata: emptyPage },
}

export const RightToLeft: Story = {
  render: (args) => <AllNetworks {...args} />,
  args: { metadata: arabicPage },
  ...rtl,
}

export const Japanese: Story = {
  render: (args) => <AllNetworks {...args} />,
  args: { metadata: japanesePage },
}

export const Narrow: Story = { render: (args) => <AllNetworks {...args} />, ...narrow }
