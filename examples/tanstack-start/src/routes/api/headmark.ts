import { createWebhookHandler } from '@headmark/metadata/webhooks'
import { createFileRoute } from '@tanstack/react-router'
import { metadataClient, webhookSecret } from '../../headmark.ts'

// Verifies Headmark's signature, then drops the changed path from the client's cache (every
// path when the site's defaults changed), so the next render asks Headmark again.
const handler = createWebhookHandler({
  secret: webhookSecret,
  client: metadataClient,
  onEvent: (event) => {
    if (event._type === 'metadata_update') {
      console.log(`Headmark: metadata of ${event.path ?? 'every page'} changed`)
    }
  },
})

const handle = ({ request }: { request: Request }) => handler(request)

export const Route = createFileRoute('/api/headmark')({
  // Every method reaches the handler: it answers 405 (with Allow: POST) for all but POST.
  server: {
    handlers: {
      GET: handle,
      HEAD: handle,
      POST: handle,
      PUT: handle,
      PATCH: handle,
      DELETE: handle,
      OPTIONS: handle,
    },
  },
})
