import type { Metadata } from '@headmark/metadata'
import type { ComponentProps, CSSProperties } from 'react'
import { cx } from '../lib/cx.ts'
import { displayHost, faviconUrl, openGraphImage } from '../lib/page-url.ts'
import { SiteIcon } from '../serp-preview/site-icon.tsx'
import { PreviewImage } from './preview-image.tsx'

export const SOCIAL_NETWORKS = ['facebook', 'x', 'linkedin', 'slack', 'discord'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  slack: 'Slack',
  discord: 'Discord',
}

export interface SocialPreviewProps extends Omit<ComponentProps<'figure'>, 'children'> {
  metadata: Metadata
  /** The page's absolute URL: its host is shown on the card. */
  url: string
  network: SocialNetwork
  /** The site's name; defaults to `openGraph.siteName`, then the host. */
  siteName?: string
}

/** What a network reads from the tags: X prefers its own, every network falls back to the basics. */
function cardContent(metadata: Metadata, network: SocialNetwork) {
  const og = metadata.openGraph ?? {}
  const x = network === 'x' ? (metadata.twitter ?? {}) : {}
  return {
    title: x.title ?? og.title ?? metadata.title ?? '',
    description: x.description ?? og.description ?? metadata.description ?? '',
    image: x.image ?? openGraphImage(metadata),
  }
}

// Discord colours the embed's edge with the page's theme-color; only plain hex colours.
function themeColor(metadata: Metadata): string | undefined {
  const tag = metadata.customTags?.find(
    (custom) => custom.name.trim().toLowerCase() === 'theme-color',
  )
  const value = tag?.content.trim()
  return value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : undefined
}

/**
 * A link shared on a social network or in a chat, following that network's current card: its
 * layout, image crop (Facebook and LinkedIn 1.91:1, X 2:1 or a square thumbnail, Slack and
 * Discord the image's own shape) and line clamps.
 *
 * @example
 * <SocialPreview network="x" metadata={draft} url="https://acme.com/pricing" />
 */
export function SocialPreview({
  metadata,
  url,
  network,
  siteName,
  className,
  ...props
}: SocialPreviewProps) {
  const { title, description, image } = cardContent(metadata, network)
  const host = displayHost(url)
  const name = siteName ?? metadata.openGraph?.siteName ?? host
  const large = network !== 'x' || metadata.twitter?.card === 'summary_large_image'
  const label = `${NETWORK_NAMES[network]}${network === 'x' ? (large ? ' large image card' : ' summary card') : ' link'} preview`
  const text = (value: string, part: string, fallback: string) =>
    value ? (
      <span className={`hm-social__${part}`} dir="auto">
        {value}
      </span>
    ) : (
      <span className={`hm-social__${part} hm-social__missing`}>{fallback}</span>
    )

  return (
    <figure
      className={cx(
        'hm-social',
        `hm-social--${network}`,
        !large && 'hm-social--summary',
        className,
      )}
      aria-label={label}
      style={
        network === 'discord' && themeColor(metadata)
          ? ({ '--hm-social-accent': themeColor(metadata) } as CSSProperties)
          : undefined
      }
      {...props}
    >
      {network === 'facebook' || network === 'linkedin' ? (
        <div className="hm-social__card">
          <PreviewImage image={image} ratio={1.91} className="hm-social__image" />
          <div className="hm-social__body">
            {network === 'facebook' ? <span className="hm-social__host">{host}</span> : null}
            {text(title, 'title', 'No title')}
            {network === 'facebook' && description ? text(description, 'description', '') : null}
            {network === 'linkedin' ? <span className="hm-social__host">{host}</span> : null}
          </div>
        </div>
      ) : null}
      {network === 'x' && large ? (
        <>
          <div className="hm-social__card">
            <PreviewImage image={image} ratio={2} className="hm-social__image" />
            <span className="hm-social__overlay" dir="auto">
              {title || host}
            </span>
          </div>
          <span className="hm-social__from">From {host}</span>
        </>
      ) : null}
      {network === 'x' && !large ? (
        <div className="hm-social__card">
          <PreviewImage image={image} ratio={1} className="hm-social__thumb" />
          <div className="hm-social__body">
            <span className="hm-social__host">{host}</span>
            {text(title, 'title', 'No title')}
            {text(description, 'description', 'No description')}
          </div>
        </div>
      ) : null}
      {network === 'slack' || network === 'discord' ? (
        <div className="hm-social__card">
          <div className="hm-social__body">
            <span className="hm-social__site">
              {network === 'slack' ? <SiteIcon src={faviconUrl(metadata, url)} /> : null}
              <span dir="auto">{name}</span>
            </span>
            {text(title, 'title', 'No title')}
            {text(description, 'description', 'No description')}
          </div>
          {image ? <PreviewImage image={image} className="hm-social__image" /> : null}
        </div>
      ) : null}
    </figure>
  )
}
