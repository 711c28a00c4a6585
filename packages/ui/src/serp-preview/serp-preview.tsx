import type { Metadata } from '@headmark/metadata'
import {
  type MeasureText,
  measureText,
  measureTextWithTable,
  SERP,
  SERP_MOBILE,
  truncateText,
} from '@headmark/metadata/lint'
import { type ComponentProps, useMemo, useSyncExternalStore } from 'react'
import { cx } from '../lib/cx.ts'
import { breadcrumb, displayHost, faviconUrl } from '../lib/page-url.ts'
import { richResultOf } from './rich-result.ts'
import { SiteIcon } from './site-icon.tsx'

export type SerpDevice = 'desktop' | 'mobile'

export interface SerpPreviewProps extends Omit<ComponentProps<'figure'>, 'children'> {
  /** The page's metadata, e.g. the editor's draft. */
  metadata: Metadata
  /** The page's absolute URL, shown as a breadcrumb. */
  url: string
  /** The site's name; defaults to `openGraph.siteName`, then the host. */
  siteName?: string
  /** Where the result is shown: a 600 px desktop column, or a phone. */
  device?: SerpDevice
  /**
   * Measures text in Arial. By default the built-in width table while the server renders and the
   * page hydrates (so both render the same text), then the browser's canvas.
   */
  measure?: MeasureText
}

const noSubscription = () => () => {}
/** False on the server and during hydration, true once the component has hydrated. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )

const percent = (width: number, limit: number) => Math.round((width / limit) * 100)

/**
 * A search result as Google shows it: favicon, site name, breadcrumb URL, then the title and
 * description cut with `…` exactly where their measured width passes the result's limit.
 *
 * @example
 * <SerpPreview metadata={draft} url="https://acme.com/pricing" device="mobile" />
 */
export function SerpPreview({
  metadata,
  url,
  siteName,
  device = 'desktop',
  measure: measureProp,
  className,
  ...props
}: SerpPreviewProps) {
  // The canvas and the table differ by a few pixels: measuring with the canvas during hydration
  // would cut the text elsewhere than the server did (React's hydration error #418).
  const hydrated = useHydrated()
  const measure = measureProp ?? (hydrated ? measureText : measureTextWithTable)
  const titleLimit = device === 'desktop' ? SERP.title.desktop : SERP_MOBILE.title
  const descriptionLimit = device === 'desktop' ? SERP.description.desktop : SERP_MOBILE.description
  const title = useMemo(
    () => truncateText(metadata.title ?? '', titleLimit, SERP.title.fontSize, measure),
    [metadata.title, titleLimit, measure],
  )
  const description = useMemo(
    () =>
      truncateText(
        metadata.description ?? '',
        descriptionLimit,
        SERP.description.fontSize,
        measure,
      ),
    [metadata.description, descriptionLimit, measure],
  )
  const name = siteName ?? metadata.openGraph?.siteName ?? displayHost(url)
  const rich = useMemo(() => richResultOf(metadata.jsonLd), [metadata.jsonLd])
  // Breadcrumbs replace the URL's path with their names (the first crumb is the home page).
  const trail = rich.breadcrumbs
    ? [breadcrumb(url).split(' › ')[0], ...rich.breadcrumbs.slice(1)].join(' › ')
    : breadcrumb(url)
  const deviceName = device === 'desktop' ? 'desktop' : 'phone'

  return (
    <figure
      className={cx('hm-serp', `hm-serp--${device}`, className)}
      aria-label={`Search result preview on ${deviceName}`}
      {...props}
    >
      <div className="hm-serp__result">
        <div className="hm-serp__site">
          <SiteIcon src={faviconUrl(metadata, url)} />
          <div className="hm-serp__site-text">
            <span className="hm-serp__site-name" dir="auto">
              {name}
            </span>
            <span className="hm-serp__url" dir={rich.breadcrumbs ? 'auto' : 'ltr'}>
              {trail}
            </span>
          </div>
        </div>
        {title.text ? (
          <p className="hm-serp__title" dir="auto" data-truncated={title.truncated || undefined}>
            {title.text}
          </p>
        ) : (
          <p className="hm-serp__title hm-serp__title--missing">
            No title: search engines will write one
          </p>
        )}
        {description.text ? (
          <p
            className="hm-serp__description"
            dir="auto"
            data-truncated={description.truncated || undefined}
          >
            {rich.date ? <span className="hm-serp__date">{rich.date} — </span> : null}
            {description.text}
          </p>
        ) : (
          <p className="hm-serp__description hm-serp__description--missing">
            No description: search engines will quote a passage of the page.
          </p>
        )}
        {rich.product ? (
          <p className="hm-serp__rich-row" data-rich="product">
            {rich.product.stars !== undefined ? (
              <span className="hm-serp__stars" aria-hidden="true">
                {'★'.repeat(rich.product.stars)}
                {'☆'.repeat(5 - rich.product.stars)}
              </span>
            ) : null}
            {[
              rich.product.rating ? `Rating: ${rich.product.rating}` : null,
              rich.product.reviews ? `${rich.product.reviews} reviews` : null,
              rich.product.price,
              rich.product.stock,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        {rich.event ? (
          <p className="hm-serp__rich-row" data-rich="event">
            {[rich.event.date, rich.event.place].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        {rich.faq ? (
          <div className="hm-serp__faq" data-rich="faq">
            {rich.faq.map(({ question, answer }, index) => (
              <details key={index}>
                <summary dir="auto">{question}</summary>
                <p dir="auto">{answer}</p>
              </details>
            ))}
          </div>
        ) : null}
      </div>
      <figcaption className="hm-serp__meter">
        <span data-over={title.width > titleLimit || undefined}>
          Title {Math.round(title.width)} of {titleLimit} px ({percent(title.width, titleLimit)} %)
        </span>
        <span data-over={description.width > descriptionLimit || undefined}>
          Description {Math.round(description.width)} of {descriptionLimit} px (
          {percent(description.width, descriptionLimit)} %)
        </span>
        {rich.features.length > 0 ? (
          <span>Rich result: {rich.features.join(', ')}</span>
        ) : rich.withoutResult.length > 0 ? (
          <span>
            {rich.withoutResult.join(', ')} {rich.withoutResult.length === 1 ? 'adds' : 'add'} no
            rich result here (search engines use {rich.withoutResult.length === 1 ? 'it' : 'them'}{' '}
            for the site’s name, logo and knowledge panel).
          </span>
        ) : null}
      </figcaption>
    </figure>
  )
}
