import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** What `transfer.importPreview` answers: counts, the first changes and every bad row. */
export type ImportPreview = Awaited<ReturnType<RpcClient['transfer']['importPreview']>>
/** What `transfer.import` answers: the preview's fields and what was applied. */
export type ImportResult = Awaited<ReturnType<RpcClient['transfer']['import']>>
/** One row of the file layout, as `transfer.listColumns` returns it. */
export type TransferColumnRow = Awaited<ReturnType<RpcClient['transfer']['listColumns']>>[number]

/** The named queries of imports and exports (mirrors packages/api/src/routers/transfer.ts). */
export const transferColumnsQuery = (organizationSlug: string) =>
  orpc.transfer.listColumns.queryOptions({ input: { organizationSlug } })

/**
 * Where a site's export downloads (a server route, not RPC: the browser saves the streamed file).
 *
 * @example
 * exportUrl('acme', 'acme.example', 'csv', '/blog/') // "/api/export/acme/acme.example.csv?pathPrefix=%2Fblog%2F"
 */
export function exportUrl(
  organizationSlug: string,
  siteHostname: string,
  format: 'csv' | 'ndjson',
  pathPrefix = '',
): string {
  const base = `/api/export/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(siteHostname)}.${format}`
  return pathPrefix ? `${base}?${new URLSearchParams({ pathPrefix })}` : base
}

/** After an import: the pages' metadata and revisions, the bulk listing and the change sets. */
export async function invalidateImportedData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [orpc.pages, orpc.metadataRevisions, orpc.bulkPages, orpc.changeSets, orpc.sites].map(
      (router) => queryClient.invalidateQueries({ queryKey: router.key() }),
    ),
  )
}
