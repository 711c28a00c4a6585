import { createMetadataClient, type MetadataClient } from '@headmark/metadata/client'
import { z } from 'zod'
import { env } from '~/env.ts'

const serverSchema = z.object({
  METADATA_API_URL: z.url({ error: 'METADATA_API_URL must be a URL' }).optional(),
  BETTER_AUTH_URL: z.url().optional(),
  PORT: z.string().optional(),
})

/** How long a marketing page waits for its metadata before rendering with its fallback. */
const METADATA_TIMEOUT_MS = 1500

/**
 * The metadata service Headmark's own pages ask: `METADATA_API_URL` when set (read at run
 * time), otherwise this app's own public API at `<BETTER_AUTH_URL>/api/openapi`.
 */
export function metadataApiUrl(source: Record<string, string | undefined> = process.env): string {
  const parsed = serverSchema.parse(source)
  if (parsed.METADATA_API_URL) return parsed.METADATA_API_URL.replace(/\/+$/, '')
  const origin = parsed.BETTER_AUTH_URL ?? `http://localhost:${parsed.PORT ?? '3000'}`
  return `${new URL(origin).origin}/api/openapi`
}

let client: MetadataClient | undefined

/** One client per server process, so its cache serves every visitor. */
export function marketingMetadataClient(): MetadataClient {
  client ??= createMetadataClient({
    dsn: env.VITE_METADATA_DSN,
    baseUrl: metadataApiUrl(),
    timeout: METADATA_TIMEOUT_MS,
    // One line per failure: the page still renders, with its fallback tags (spec §8).
    logger: {
      warn: (message, error) =>
        console.warn(message, error instanceof Error ? error.message : String(error)),
    },
  })
  return client
}
