// Server only: the metadata client and the site's API key. Only the server function in
// headmark.functions.ts and the webhook route use it, so it never reaches the browser bundle.
import { createMetadataClient } from '@headmark/metadata/client'

const env = (name: string) => process.env[name] || undefined

export const metadataClient = createMetadataClient({
  // No DSN: development mode, every page renders its fallback and no request is made.
  dsn: env('HEADMARK_DSN'),
  // The metadata API of your Headmark, e.g. https://headmark.example/api/openapi
  baseUrl: env('HEADMARK_URL'),
  // Only when the site requires a key. Never in a VITE_ variable: those ship to the browser.
  apiKey: env('HEADMARK_API_KEY'),
})

/** The secret of the site's webhook in Headmark (`whsec_…`). */
export const webhookSecret = env('HEADMARK_WEBHOOK_SECRET')
