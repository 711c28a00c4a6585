import { createMetadataClient, type MetadataClient } from '@headmark/metadata/client'
import { env } from '~/env.ts'
import { appEnv } from '~/server/env.ts'

/** How long a marketing page waits for its metadata before rendering with its fallback. */
const METADATA_TIMEOUT_MS = 1500

let client: MetadataClient | undefined

/** One client per server process, so its cache serves every visitor. */
export function marketingMetadataClient(): MetadataClient {
  client ??= createMetadataClient({
    dsn: env.VITE_METADATA_DSN,
    baseUrl: appEnv.metadataApiUrl,
    timeout: METADATA_TIMEOUT_MS,
    // One line per failure: the page still renders, with its fallback tags (spec §8).
    logger: {
      warn: (message, error) =>
        console.warn(message, error instanceof Error ? error.message : String(error)),
    },
  })
  return client
}
