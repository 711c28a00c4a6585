import { useState } from 'react'
import { cx } from '../lib/cx.ts'

/** The site's favicon in a round badge, or a globe when it is missing or does not load. */
export function SiteIcon({ src, className }: { src: string | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  const usable = src !== undefined && failed !== src
  return (
    <span className={cx('hm-site-icon', className)} data-state={usable ? 'loaded' : 'missing'}>
      {usable ? (
        <img
          src={src}
          alt=""
          width={18}
          height={18}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
        />
      ) : (
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
      )}
    </span>
  )
}
