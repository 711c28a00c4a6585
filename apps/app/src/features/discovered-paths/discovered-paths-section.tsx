import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  toast,
} from '@headmark/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { client, orpc } from '~/lib/orpc.ts'
import {
  type CreatedPage,
  createPage,
  type DiscoveredPath,
  discoveredPathsQuery,
} from './queries.ts'
import { actionsColumn, RowAction } from '~/components/row-action.tsx'

const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })
const countFormat = new Intl.NumberFormat('en')

export interface DiscoveredPathsSectionProps {
  organizationSlug: string
  siteHostname: string
  /** Called after a page was created from a discovered path, e.g. to open its editor. */
  onPageCreated?: (page: CreatedPage) => void
}

/**
 * "Discovered paths" on a site's overview: paths the site asked Headmark's API for that have no
 * page yet (they get the site's defaults), with one click to create the page.
 */
export function DiscoveredPathsSection({
  organizationSlug,
  siteHostname,
  onPageCreated,
}: DiscoveredPathsSectionProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const paths = useQuery(discoveredPathsQuery(organizationSlug, siteHostname))
  // "Import these": each discovered path read from the live site (https://<hostname><path>).
  const importThese = useMutation({
    mutationFn: (list: DiscoveredPath[]) =>
      client.imports.start({
        organizationSlug,
        siteHostname,
        source: list.length === 1 ? 'url' : 'urls',
        urls: list.map((discovered) => `https://${siteHostname}${discovered.path}`).join('\n'),
      }),
    onSuccess: async (started) => {
      await queryClient.invalidateQueries({ queryKey: orpc.imports.list.key() })
      await navigate({
        to: '/app/organizations/$organizationSlug/sites/$siteHostname/import/$importId',
        params: { organizationSlug, siteHostname, importId: started.id },
      })
    },
  })
  const discovered = paths.data ?? []
  const create = useMutation({
    mutationFn: (path: string) => createPage({ organizationSlug, siteHostname, path }),
    onSuccess: async (page) => {
      toast.success(`Page ${page.path} created.`)
      await queryClient.invalidateQueries({ queryKey: orpc.discoveredPaths.list.key() })
      onPageCreated?.(page)
    },
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle id="discovered-paths-heading">Discovered paths</CardTitle>
        <CardDescription>
          Paths your site asked for that have no page yet: they get the site’s defaults. Counts are
          updated every few seconds.
        </CardDescription>
        {discovered.length > 0 ? (
          <div>
            <Button
              variant="secondary"
              size="sm"
              loading={importThese.isPending}
              onClick={() => importThese.mutate(discovered)}
            >
              Import these ({discovered.length})
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <DataTable
          label="Discovered paths"
          query={paths}
          getRowId={(discovered) => discovered.path}
          errorTitle="The discovered paths could not be loaded"
          empty={{
            title: 'Nothing discovered yet',
            description:
              'Once your site fetches metadata for a path that has no page, it shows up here.',
          }}
          columns={[
            {
              id: 'path',
              header: 'Path',
              rowHeader: true,
              className: 'discovered-paths__path',
              cell: (discovered) => <code>{discovered.path}</code>,
            },
            {
              id: 'requests',
              header: 'Requests',
              cell: (discovered) => countFormat.format(discovered.requestCount),
            },
            {
              id: 'last-requested',
              header: 'Last requested',
              className: 'discovered-paths__date',
              cell: (discovered) => dateTimeFormat.format(discovered.lastSeenAt),
            },
            actionsColumn((discovered: DiscoveredPath) => (
              <RowAction
                label="Create page"
                of={discovered.path}
                loading={create.isPending && create.variables === discovered.path}
                disabled={create.isPending}
                onClick={() => create.mutate(discovered.path)}
              />
            )),
          ]}
        />
      </CardContent>
    </Card>
  )
}
