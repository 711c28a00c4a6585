import 'server-only'

// The site's configuration, read on the server only: nothing here is a NEXT_PUBLIC_ variable,
// so Next never inlines a value into the browser's bundle.

const read = (name: string): string | undefined => process.env[name]?.trim() || undefined

function siteUrl(): URL {
  const value = read('SITE_URL') ?? 'http://localhost:3000'
  if (!URL.canParse(value)) {
    throw new TypeError(
      `SITE_URL must be the site's public origin, e.g. https://acme.com (got "${value}")`,
    )
  }
  return new URL(value)
}

export const env = {
  /** Headmark's metadata service, e.g. https://<your Headmark>/api/openapi. */
  headmarkUrl: read('HEADMARK_URL'),
  /** The site's DSN. Unset: development mode, every page renders its fallback. */
  dsn: read('HEADMARK_DSN'),
  /** Only when the site requires a key. A secret: keep it on the server. */
  apiKey: read('HEADMARK_API_KEY'),
  /** The webhook's secret (`whsec_…`), shown when the webhook is created. */
  webhookSecret: read('HEADMARK_WEBHOOK_SECRET'),
  /** The site's public origin: resolves the canonical URL and relative image URLs. */
  siteUrl: siteUrl(),
}
