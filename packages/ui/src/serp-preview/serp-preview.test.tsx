import { measureTextWithTable, SERP, truncateText } from '@headmark/metadata/lint'
import { render, screen } from '@testing-library/react'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

describe('SerpPreview with structured data', () => {
  it('shows breadcrumbs instead of the path, a product row and the rich result’s name', () => {
    render(
      <SerpPreview
        url="https://acme.com/shop/pro"
        metadata={{
          title: 'Acme Pro',
          jsonLd: [
            {
              '@type': 'BreadcrumbList',
              itemListElement: [
                { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://acme.com/' },
                { '@type': 'ListItem', position: 2, name: 'Shop', item: 'https://acme.com/shop' },
                { '@type': 'ListItem', position: 3, name: 'Pro' },
              ],
            },
            {
              '@type': 'Product',
              name: 'Acme Pro',
              aggregateRating: { ratingValue: 4, reviewCount: 12 },
              offers: { price: 29, priceCurrency: 'EUR' },
            },
          ],
        }}
      />,
    )
    expect(screen.getByText('https://acme.com › Shop › Pro')).toBeTruthy()
    expect(screen.getByText('Rating: 4 · 12 reviews · €29.00')).toBeTruthy()
    expect(screen.getByText('Rich result: Breadcrumbs, Product snippet')).toBeTruthy()
  })

  it('says when the types given add no rich result', () => {
    render(
      <SerpPreview
        url="https://acme.com/"
        metadata={{ title: 'Acme', jsonLd: [{ '@type': 'Organization', name: 'Acme' }] }}
      />,
    )
    expect(screen.getByText(/Organization adds no rich result here/)).toBeTruthy()
  })
})

describe('SerpPreview during hydration', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('renders what the server rendered, then measures with the browser’s canvas', async () => {
    const description = `${'A description long enough to be cut somewhere near the end. '.repeat(4)}`
    const metadata = { title: 'Pricing', description }
    // The server has no canvas: the width table measures.
    const html = renderToString(<SerpPreview metadata={metadata} url={url} />)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    // The browser's canvas measures a little narrower than the table, as Chromium does.
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return {
            font: '',
            measureText: (text: string) => ({
              width: measureTextWithTable(text, SERP.description.fontSize) * 0.9,
            }),
          }
        }
      },
    )
    const errors: unknown[] = []
    const root = await act(async () =>
      hydrateRoot(container, <SerpPreview metadata={metadata} url={url} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    )
    expect(errors).toEqual([])
    // After hydration the canvas decides: wider room, so the description is cut later (or not).
    const shown = container.querySelector('.hm-serp__description')?.textContent ?? ''
    const server = truncateText(
      description,
      SERP.description.desktop,
      SERP.description.fontSize,
      measureTextWithTable,
    )
    expect(shown.length).toBeGreaterThan(server.text.length)
    act(() => root.unmount())
    container.remove()
  })
})
