import type { MetadataImage } from '@headmark/metadata'
import { type CSSProperties, useState } from 'react'
import { cx } from '../lib/cx.ts'
import { imageUrl } from '../lib/page-url.ts'

export interface PreviewImageProps {
  image: MetadataImage | undefined
  /** The crop the network applies (width / height); the image's own ratio when omitted. */
  ratio?: number
  className?: string
}

const ownRatio = (image: MetadataImage | undefined) =>
  image && image.width > 0 && image.height > 0 ? image.width / image.height : 1.91

/**
 * A card's image, loaded lazily and cropped like the network crops it; a labelled placeholder
 * when the image is missing, its URL is not absolute, or it fails to load.
 */
export function PreviewImage({ image, ratio, className }: PreviewImageProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = imageUrl(image?.url)
  const style = { '--hm-preview-ratio': String(ratio ?? ownRatio(image)) } as CSSProperties
  const problem = !image
    ? 'No image'
    : !src
      ? 'Image URL is not an absolute web address'
      : failed === src
        ? 'Image did not load'
        : null
  if (problem) {
    return (
      <div
        className={cx('hm-preview-image', 'hm-preview-image--placeholder', className)}
        style={style}
        role="img"
        aria-label={problem}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <rect
            x="3"
            y="4"
            width="18"
            height="16"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <circle cx="9" cy="10" r="1.8" fill="currentColor" />
          <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span aria-hidden="true">{problem}</span>
      </div>
    )
  }
  return (
    <div className={cx('hm-preview-image', className)} style={style}>
      <img
        src={src}
        alt={image?.alt ?? ''}
        loading="lazy"
        decoding="async"
        width={image?.width || undefined}
        height={image?.height || undefined}
        onError={() => setFailed(src ?? null)}
      />
    </div>
  )
}
