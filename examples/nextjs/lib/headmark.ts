import 'server-only'
import { createMetadataClient, type MetadataClient } from '@headmark/metadata/client'
import { env } from './env'

// Next bundles route handlers and pages separately, each with its own copy of this module: a
// client per copy would let the webhook route drop a path from a cache no page reads. Kept on
// globalThis, there is one client per server process, shared by the pages and the route.
const shared = globalThis as { [key: symbol]: MetadataClient | undefined }
const key = Symbol.for('headmark.metadataClient')

/**
 * Answers are cached per page (fresh for a minute, served stale for five more while a new copy
 * loads); the webhook route drops a page from this cache when it changes.
 */
export const metadataClient: MetadataClient = (shared[key] ??= createMetadataClient({
  dsn: env.dsn,
  baseUrl: env.headmarkUrl,
  apiKey: env.apiKey,
}))
