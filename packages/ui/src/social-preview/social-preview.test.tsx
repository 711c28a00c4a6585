import type { Metadata } from '@headmark/metadata'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SocialPreview } from './social-preview.tsx'

const url = 'https://www.acme.com/pricing'
const image = (name: string) => ({
  url: `https://cdn.acme.com/${name}.png`,
  alt: name,
  width: 1200,
  height: 630,
  mimeType: 'image/png',
})
const page: Metadata = {
  title: 'Basic title',
  description: 'Basic description',
  openGraph: { title: 'OG title', image: image('og') },
  twitter: { title: 'X title', card: 'summary_large_image', image: image('x') },
}

describe('SocialPreview', () => {
  it('reads Open Graph on Facebook and X tags on X, each falling back to the basics', () => {
    const { rerender } = render(<SocialPreview metadata={page} url={url} network="facebook" />)
    expect(screen.getByText('OG title')).toBeTruthy()
    expect(screen.getByText('Basic description')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'og' }).getAttribute('loading')).toBe('lazy')
    rerender(<SocialPreview metadata={page} url={url} network="x" />)
    expect(screen.getByRole('figure', { name: 'X large image card preview' })).toBeTruthy()
    expect(screen.getByText('X title')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'x' })).toBeTruthy()
    rerender(<SocialPreview metadata={{ title: 'Only basic' }} url={url} network="linkedin" />)
    expect(screen.getByText('Only basic')).toBeTruthy()
  })

  it('shows a placeholder when the image is missing, relative or fails to load', () => {
    const { rerender } = render(<SocialPreview metadata={{}} url={url} network="facebook" />)
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy()
    rerender(
      <SocialPreview
        metadata={{ openGraph: { image: { ...image('og'), url: '/og.png' } } }}
        url={url}
        network="facebook"
      />,
    )
    expect(
      screen.getByRole('img', { name: 'Image URL is not an absolute web address' }),
    ).toBeTruthy()
    rerender(<SocialPreview metadata={page} url={url} network="linkedin" />)
    fireEvent.error(screen.getByRole('img', { name: 'og' }))
    expect(screen.getByRole('img', { name: 'Image did not load' })).toBeTruthy()
  })

  it("colours Discord's edge with a hex theme-color only", () => {
    const withColor = (content: string) =>
      render(
        <SocialPreview
          metadata={{ customTags: [{ name: 'theme-color', content }] }}
          url={url}
          network="discord"
        />,
      ).container.querySelector('figure') as HTMLElement
    expect(withColor('#2451c7').style.getPropertyValue('--hm-social-accent')).toBe('#2451c7')
    expect(withColor('red;background:url(x)').style.getPropertyValue('--hm-social-accent')).toBe('')
  })
})
