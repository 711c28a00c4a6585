import { Badge } from '@headmark/ui'

/** The locale of a page's set of metadata, read as "Locale de" by screen readers. */
export function LocaleBadge({ locale }: { locale: string }) {
  return (
    <Badge tone="accent">
      <span className="hm-visually-hidden">Locale </span>
      <span lang={locale}>{locale}</span>
    </Badge>
  )
}
