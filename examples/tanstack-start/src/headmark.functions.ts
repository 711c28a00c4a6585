// The bridge: a server function the head of every page calls. On the server it runs in place;
// in the browser (client-side navigation) it is a request to this site, never to Headmark, so
// the API key stays on the server.
import { loadMetadata, metadataPath } from '@headmark/metadata/tanstack-start'
import { createServerFn } from '@tanstack/react-start'
import { metadataClient } from './headmark.ts'

export const getPageMetadata = createServerFn({ method: 'GET' })
  .validator(metadataPath)
  .handler(({ data }) => loadMetadata(metadataClient, data))
