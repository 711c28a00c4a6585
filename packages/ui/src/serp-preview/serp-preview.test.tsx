import { measureTextWithTable, SERP, truncateText } from '@headmark/metadata/lint'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SerpPreview } from './serp-preview.tsx'

const url = 'https://www.acme.com/pricing/teams'
const longTitle =
  'The complete guide to choosing an analytics plan for a growing team, with prices and limits'

describe('SerpPreview', () => {
  it('shows site, breadcrumb, title and description', () => {
    render(
      <SerpPreview
        metadata={{ title: 'Pricing', description: 'Plans.', openGraph: { siteName: 'Acme' } }}
        url={url}
      />,
    )
    expect(screen.getByRole('figure', { name: 'Search result preview on desktop' })).toBeTruthy()
    expect(screen.getByText('Acme')).toBeTruthy()
    expect(screen.getByText('https://www.acme.com › pricing › teams')).toBeTruthy()
    expect(screen.getByText('Pricing')).toBeTruthy()
    expect(screen.getByText('Plans.')).toBeTruthy()
  })

  it('cuts the title where the measurement passes 600 px on desktop and 640 px on a phone', () => {
    const { rerender } = render(
      <SerpPreview metadata={{ title: longTitle }} url={url} measure={measureTextWithTable} />,
    )
    const desktop = truncateText(longTitle, 600, SERP.title.fontSize, measureTextWithTable)
    expect(screen.getByText(desktop.text)).toBeTruthy()
    rerender(
      <SerpPreview
        metadata={{ title: longTitle }}
        url={url}
        device="mobile"
        measure={measureTextWithTable}
      />,
    )
    const mobile = truncateText(longTitle, 640, SERP.title.fontSize, measureTextWithTable)
    expect(screen.getByText(mobile.text)).toBeTruthy()
    expect(screen.getByText(/^Title \d+ of 640 px/)).toBeTruthy()
  })

  it('falls back to the host and says when title and description are missing', () => {
    render(<SerpPreview metadata={{}} url={url} />)
    expect(screen.getByText('acme.com')).toBeTruthy()
    expect(screen.getByText('No title: search engines will write one')).toBeTruthy()
    expect(screen.getByText(/^No description/)).toBeTruthy()
  })
})
