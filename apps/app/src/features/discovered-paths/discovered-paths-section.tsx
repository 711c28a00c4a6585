import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@headmark/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc.ts'
import { type CreatedPage, createPage, discoveredPathsQuery } from './queries.ts'
import './discovered-paths.css'

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
  const paths = useQuery(discoveredPathsQuery(organizationSlug, siteHostname))
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
      </CardHeader>
      <CardContent>
        {paths.isPending ? (
          <div aria-busy="true" aria-label="Loading discovered paths">
            <Skeleton lines={3} />
          </div>
        ) : paths.isError ? (
          <div role="alert" className="stack">
            <p>The discovered paths could not be loaded: {paths.error.message}</p>
            <div>
              <Button onClick={() => void paths.refetch()}>Try again</Button>
            </div>
          </div>
        ) : paths.data.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="Nothing discovered yet"
            description="Once your site fetches metadata for a path that has no page, it shows up here."
          />
        ) : (
          <Table scrollLabel="Discovered paths">
            <TableHeader>
              <TableRow>
                <TableHead>Path</TableHead>
                <TableHead>Requests</TableHead>
                <TableHead>Last requested</TableHead>
                <TableHead>
                  <span className="hm-visually-hidden">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {paths.data.map((discovered) => (
                <TableRow key={discovered.path}>
                  <TableCell className="discovered-paths__path">
                    <code>{discovered.path}</code>
                  </TableCell>
                  <TableCell>{countFormat.format(discovered.requestCount)}</TableCell>
                  <TableCell className="discovered-paths__date">
                    {dateTimeFormat.format(discovered.lastSeenAt)}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      loading={create.isPending && create.variables === discovered.path}
                      disabled={create.isPending}
                      onClick={() => create.mutate(discovered.path)}
                    >
                      Create page<span className="hm-visually-hidden"> {discovered.path}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
