import { createWebhookRoute } from '@headmark/metadata/next'
import { revalidatePath } from 'next/cache'
import { env } from '../../../lib/env'
import { metadataClient } from '../../../lib/headmark'
import { localizedPath, PREFIXED_LOCALES } from '../../../lib/locales'

// Headmark's webhook: the signature is checked (HMAC-SHA256 with the webhook's secret, within
// five minutes), the changed path is dropped from the client's cache and Next renders that page
// again on its next request; a change to the site's defaults (path null) revalidates every page.
// Any method other than POST is answered 405, OPTIONS 204.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = createWebhookRoute({
  secret: env.webhookSecret,
  client: metadataClient,
  revalidatePath: (path, type) => {
    revalidatePath(path, type)
    // The page in every locale: a save in one locale can change the others' language links.
    if (type !== 'layout') {
      for (const locale of PREFIXED_LOCALES) revalidatePath(localizedPath(locale, path))
    }
  },
})
