import type { Metadata } from '@headmark/metadata'
import { mergeHead, toHeadTags } from '@headmark/metadata/head'
import { toTanStackHead } from '@headmark/metadata/tanstack-start'
import { createServerFn } from '@tanstack/react-start'

/**
 * Loads what Headmark serves for one of its own marketing pages, through its own client. Runs on
 * the server (during server rendering and, on later navigations, as a server function), so the
 * client cache is shared by every visitor. `null` when the service can not answer.
 */
export const loadPageMetadata = createServerFn({ method: 'GET' })
  .validator((path: unknown) => {
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 2048) {
      throw new Error('The page path must start with "/" and be at most 2048 characters.')
    }
    return path
  })
  .handler(async ({ data: path }): Promise<Metadata | null> => {
    const { marketingMetadataClient } = await import('./metadata-client.server.ts')
    const response = await marketingMetadataClient().get(path)
    return response?.metadata ?? null
  })

/**
 * The route loader's call: the served metadata, or `null` (the page's fallback) when even the
 * server function fails — a page never fails to render for want of its tags.
 */
export async function loadMarketingMetadata(path: string): Promise<Metadata | null> {
  try {
    return await loadPageMetadata({ data: path })
  } catch (error) {
    console.warn(
      `[headmark] Could not load metadata for "${path}"; using the fallback.`,
      error instanceof Error ? error.message : String(error),
    )
    return null
  }
}

/** A marketing page's own tags, used alone when the service does not answer. */
export interface PageFallback {
  title: string
  description: string
  /** The page's canonical URL; a path is resolved against the instance's own address. */
  canonical?: string
}

const SITE_NAME = 'Headmark'

/**
 * The page's head: its fallback (title, description, Open Graph and X card) with what the
 * metadata service served merged over it.
 */
export function marketingHead(fallback: PageFallback, served: Metadata | null | undefined) {
  const base: Metadata = {
    title: fallback.title,
    description: fallback.description,
    ...(fallback.canonical ? { canonical: fallback.canonical } : {}),
    openGraph: {
      title: fallback.title,
      description: fallback.description,
      siteName: SITE_NAME,
      type: 'website',
    },
    twitter: { card: 'summary', title: fallback.title, description: fallback.description },
  }
  // Merged with the SDK's building blocks, not a compiled head: the marketing routes' heads are
  // in the app's main chunk, which every screen loads first, and these weigh about half a
  // kilobyte (gzipped) less. Made once per navigation, and on the server from a server
  // function's answer, a new object each time, which a compiled head could not keep.
  return toTanStackHead(mergeHead(toHeadTags(base), served ? toHeadTags(served) : []))
}
