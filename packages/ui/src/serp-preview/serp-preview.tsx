import type { Metadata } from '@headmark/metadata'
import {
  type MeasureText,
  measureText,
  SERP,
  SERP_MOBILE,
  truncateText,
} from '@headmark/metadata/lint'
import { type ComponentProps, useMemo } from 'react'
import { cx } from '../lib/cx.ts'
import { breadcrumb, displayHost, faviconUrl } from '../lib/page-url.ts'
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
  /** Measures text in Arial; the browser's canvas by default. */
  measure?: MeasureText
}

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
  measure = measureText,
  className,
  ...props
}: SerpPreviewProps) {
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
            <span className="hm-serp__url" dir="ltr">
              {breadcrumb(url)}
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
            {description.text}
          </p>
        ) : (
          <p className="hm-serp__description hm-serp__description--missing">
            No description: search engines will quote a passage of the page.
          </p>
        )}
      </div>
      <figcaption className="hm-serp__meter">
        <span data-over={title.width > titleLimit || undefined}>
          Title {Math.round(title.width)} of {titleLimit} px ({percent(title.width, titleLimit)} %)
        </span>
        <span data-over={description.width > descriptionLimit || undefined}>
          Description {Math.round(description.width)} of {descriptionLimit} px (
          {percent(description.width, descriptionLimit)} %)
        </span>
      </figcaption>
    </figure>
  )
}
