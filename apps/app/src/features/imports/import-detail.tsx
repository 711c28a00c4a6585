import { Alert, Badge, Button, DataTable } from '@headmark/ui'
import { useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Fragment, useMemo } from 'react'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import { Time } from '~/lib/dates.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { stateTone } from './import-screen.tsx'
import {
  etaLabel,
  HEAD_SOURCE_LABELS,
  type ImportFailure,
  importQuery,
  type ImportUnmapped,
  importUnmappedQuery,
  importSourceLabel,
  STATE_LABELS,
  technicalTagsSummary,
} from './queries.ts'
import { useImportLive } from './use-import-live.ts'

interface ImportDetailProps {
  organizationSlug: string
  siteHostname: string
  importId: string
}

const count = (n: number) => n.toLocaleString('en')

/**
 * One import: a live progress bar with its counts and ETA, Cancel or Resume, the change set of
 * the pages that already existed (to preview and apply), every URL that failed, with why, and
 * per page the tags of its head that were not imported, with why.
 */
export function ImportDetail({ organizationSlug, siteHostname, importId }: ImportDetailProps) {
  const queryClient = useQueryClient()
  const query = useSuspenseInfiniteQuery(importQuery(organizationSlug, siteHostname, importId))
  const view = query.data.pages[0]?.import
  const failures = useMemo(() => query.data.pages.flatMap((page) => page.failures), [query.data])
  const unmappedQuery = useSuspenseInfiniteQuery(
    importUnmappedQuery(organizationSlug, siteHostname, importId),
  )
  const unmapped = useMemo(
    () => unmappedQuery.data.pages.flatMap((page) => page.unmapped),
    [unmappedQuery.data],
  )
  const technical = technicalTagsSummary(unmappedQuery.data.pages[0]?.technical, view?.fetched ?? 0)
  const active = view?.state === 'queued' || view?.state === 'running'
  useImportLive(organizationSlug, siteHostname, importId, active)
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.imports.key() })
  const cancel = useInlineMutation(orpc.imports.cancel.mutationOptions({ onSuccess: refresh }))
  const resume = useInlineMutation(orpc.imports.resume.mutationOptions({ onSuccess: refresh }))
  if (!view) return null
  const done = view.fetched + view.failed + view.skipped
  const total = Math.max(view.found, done)
  const percent = total === 0 ? 0 : Math.round((done / total) * 100)
  const eta = etaLabel(view.etaSeconds)
  const params = { organizationSlug, siteHostname }
  const refusal = [cancel.error, resume.error].find((error) => error instanceof Error)
  return (
    <div className="stack-lg imports-page">
      <div className="page-heading">
        <div>
          <h1 className="imports-detail__title">
            Import <Badge tone={stateTone[view.state]}>{STATE_LABELS[view.state]}</Badge>
          </h1>
          <p className="muted imports-detail__source">
            {importSourceLabel(view.source)} · {HEAD_SOURCE_LABELS[view.headSource]} · started{' '}
            <Time value={view.createdAt} />
            {view.startedBy ? ` by ${view.startedBy}` : ''}
          </p>
        </div>
        <div className="imports-detail__actions">
          {active ? (
            <Button
              variant="secondary"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ ...params, importId })}
            >
              Cancel import
            </Button>
          ) : view.state === 'cancelled' || view.state === 'failed' ? (
            <Button
              variant="primary"
              loading={resume.isPending}
              onClick={() => resume.mutate({ ...params, importId })}
            >
              Resume import
            </Button>
          ) : null}
        </div>
      </div>
      <SiteNav {...params} />
      {refusal instanceof Error ? <Alert tone="danger">{refusal.message}</Alert> : null}
      {view.error ? (
        <Alert tone="danger" title="The import stopped">
          {view.error}
        </Alert>
      ) : null}
      <section aria-labelledby="progress-heading" className="stack imports-progress">
        <h2 id="progress-heading" className="hm-visually-hidden">
          Progress
        </h2>
        <div
          className="imports-progress__bar"
          role="progressbar"
          aria-label="Pages read"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${count(done)} of ${count(total)} pages read`}
        >
          <span style={{ width: `${percent}%` }} data-state={view.state} />
        </div>
        <p className="imports-progress__summary" aria-live="polite">
          {view.discovering
            ? `Reading the sitemap: ${count(view.found)} pages found so far…`
            : `${count(done)} of ${count(total)} pages read (${percent} %)`}
          {active && eta ? ` · ${eta} left` : ''}
        </p>
        <dl className="imports-counts">
          {(
            [
              ['Found', view.found],
              ['Fetched', view.fetched],
              ['Failed', view.failed],
              ['Skipped', view.skipped],
              ['Pages created', view.created],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{count(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {view.changeSetId ? (
        <Alert
          tone="info"
          title="Pages that already existed"
          action={
            <Link
              to="/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId"
              params={{ ...params, changeSetId: view.changeSetId }}
              className="text-link"
            >
              Preview and apply
            </Link>
          }
        >
          Their imported heads are a change set: nothing changed on those pages until you apply it.
        </Alert>
      ) : view.state === 'done' ? (
        <p className="muted">No page that already existed would change.</p>
      ) : null}
      <section aria-labelledby="failures-heading" className="stack">
        <h2 id="failures-heading">Failed and skipped</h2>
        <DataTable<ImportFailure>
          label="Failed and skipped URLs"
          rows={failures}
          getRowId={(failure) => failure.path}
          empty={{
            title: 'Nothing failed',
            description: 'URLs that could not be read or imported are listed here, with why.',
          }}
          pagination={{
            kind: 'more',
            hasMore: query.hasNextPage,
            loading: query.isFetchingNextPage,
            onLoadMore: () => void query.fetchNextPage(),
            label: 'Show more',
          }}
          columns={[
            {
              id: 'url',
              header: 'URL',
              rowHeader: true,
              className: 'imports-failures__url',
              cell: (failure) => <code>{failure.url}</code>,
            },
            {
              id: 'status',
              header: 'Status',
              cell: (failure) => (
                <Badge tone={failure.status === 'failed' ? 'danger' : 'warning'}>
                  {failure.status === 'failed' ? 'Failed' : 'Skipped'}
                </Badge>
              ),
            },
            { id: 'reason', header: 'Reason', cell: (failure) => failure.reason ?? '' },
          ]}
        />
      </section>
      <section aria-labelledby="unmapped-heading" className="stack">
        <h2 id="unmapped-heading">Tags not imported</h2>
        <p className="muted">
          Tags of a page’s head that Headmark has no field for. They stay on your site; Headmark
          does not serve them.
        </p>
        {technical ? (
          <p className="imports-technical">
            {technical.lead}{' '}
            {technical.tags.map((tag, index) => (
              <Fragment key={tag.label}>
                {index > 0 ? ', ' : ''}
                <code>{tag.label}</code>
                {tag.pages ? ` (${tag.pages})` : ''}
              </Fragment>
            ))}
            .
          </p>
        ) : null}
        <DataTable<ImportUnmapped>
          label="Tags not imported, by page"
          rows={unmapped}
          getRowId={(item) => item.path}
          empty={{
            title: technical ? 'Every other tag was imported' : 'Every tag was imported',
            description: 'Tags of a page’s head that Headmark can not store are listed here.',
          }}
          pagination={{
            kind: 'more',
            hasMore: unmappedQuery.hasNextPage,
            loading: unmappedQuery.isFetchingNextPage,
            onLoadMore: () => void unmappedQuery.fetchNextPage(),
            label: 'Show more',
          }}
          columns={[
            {
              id: 'path',
              header: 'Page',
              rowHeader: true,
              className: 'imports-failures__url',
              cell: (item) => <code>{item.path}</code>,
            },
            {
              id: 'tags',
              header: 'Tags and why',
              cell: (item) => (
                <ul className="imports-unmapped">
                  {item.tags.map((tag, index) => (
                    // Tags may repeat on a page: their place tells them apart.
                    <li key={`${index}:${tag.html}`}>
                      <code>{tag.html}</code> <span className="muted">{tag.reason}</span>
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      </section>
    </div>
  )
}
