import { Spinner } from '@headmark/ui'
import { ClientOnly, createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

// Loaded in the browser only, and only on this page: the reference is a large bundle of its own.
const ApiReference = lazy(() => import('~/features/api-reference/api-reference.tsx'))

export const Route = createFileRoute('/docs/api')({
  head: () => ({
    meta: [
      { title: 'Metadata API reference — Headmark' },
      {
        name: 'description',
        content:
          'The public API that returns the metadata of a page: parameters, answers, errors and caching.',
      },
    ],
  }),
  component: ApiReferencePage,
})

function Loading() {
  return (
    <div className="page-narrow stack" aria-busy="true">
      <Spinner label="Loading the API reference…" />
    </div>
  )
}

function ApiReferencePage() {
  return (
    <div className="api-reference">
      <h1 className="hm-visually-hidden">Metadata API reference</h1>
      <noscript>
        <p className="page-narrow">
          The reference needs JavaScript. The OpenAPI document itself is at{' '}
          <a href="/api/openapi/spec.json">/api/openapi/spec.json</a>.
        </p>
      </noscript>
      <ClientOnly fallback={<Loading />}>
        <Suspense fallback={<Loading />}>
          <ApiReference />
        </Suspense>
      </ClientOnly>
    </div>
  )
}
