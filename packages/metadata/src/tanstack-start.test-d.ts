// The server-function bridge against the real `createServerFn` of @tanstack/react-start.
import { createServerFn } from '@tanstack/react-start'
import { describe, expectTypeOf, it } from 'vitest'
import { createMetadataClient } from './client.ts'
import { createHead, loadMetadata, metadataPath, type TanStackHead } from './tanstack-start.ts'
import type { Metadata } from './types.ts'

describe('the TanStack Start bridge and createServerFn', () => {
  it('fits createServerFn().validator(metadataPath).handler(loadMetadata) into createHead', () => {
    const client = createMetadataClient({ dsn: undefined, baseUrl: undefined })
    const getPageMetadata = createServerFn({ method: 'GET' })
      .validator(metadataPath)
      .handler(({ data }) => loadMetadata(client, data))
    expectTypeOf(getPageMetadata({ data: '/a' })).resolves.toEqualTypeOf<Metadata | null>()
    const head = createHead({ serverFn: getPageMetadata, fallback: { title: 'Acme' } })
    expectTypeOf(head).returns.resolves.toEqualTypeOf<TanStackHead>()
  })
})
