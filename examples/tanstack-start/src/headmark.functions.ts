// The bridge: server functions the heads of the pages call. On the server they run in place; in
// the browser (client-side navigation) they are requests to this site, never to Headmark, so
// the API key stays on the server.
import {
  loadMetadata,
  type MetadataRequest,
  metadataPath,
  metadataRequest,
} from '@headmark/metadata/tanstack-start'
import { createServerFn } from '@tanstack/react-start'
import { metadataClient } from './headmark.ts'
import { metadataLocale } from './locales.ts'

/** A page's metadata in the default locale (or on a site without locales). */
export const getPageMetadata = createServerFn({ method: 'GET' })
  .validator(metadataPath)
  .handler(({ data }) => loadMetadata(metadataClient, data))

/**
 * A page's metadata in one locale: `path` is the page's path without the locale prefix
 * (`/pricing` for /de/pricing), `locale` one of the site's (none: the default locale).
 * `metadataRequest` checks the shape (`{ path, locale? }`, their lengths); the locale is then
 * held to this site's own, so a request can not ask Headmark for a language the site has not.
 */
export const getLocalizedMetadata = createServerFn({ method: 'GET' })
  .validator((input: MetadataRequest) => {
    const { path, locale } = metadataRequest(input)
    return { path, locale: metadataLocale(locale) }
  })
  .handler(({ data }) => loadMetadata(metadataClient, data))
