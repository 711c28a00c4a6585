import { Alert, Badge, Button, ConfirmDialog, RevisionDiff, toast } from '@headmark/ui'
import { useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { bulkWriteKeys } from '~/features/bulk/queries.ts'
import {
  ChangeSetLiveSummary,
  LiveBadge,
  useChangeSetLiveChecks,
} from '~/features/health/change-set-live.tsx'
import { LocaleBadge } from '~/features/metadata-revisions/locale-badge.tsx'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import { Time } from '~/lib/dates.tsx'
import { client } from '~/lib/orpc.ts'
import { changeSetCountsLabel, changeSetSourceLabel, changeSetStatus } from './change-set-labels.ts'
import { type ChangeSetItem, changeSetQuery } from './queries.ts'

interface ChangeSetDetailProps {
  organizationSlug: string
  siteHostname: string
  changeSetId: string
}

const RESULTS: Record<
  NonNullable<ChangeSetItem['result']>,
  { label: string; tone: 'success' | 'warning' | 'neutral' }
> = {
  applied: { label: 'Applied', tone: 'success' },
  conflict: { label: 'Conflict: left as it was', tone: 'warning' },
  unchanged: { label: 'Unchanged', tone: 'neutral' },
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The server did not answer; try again.'

/**
 * One change set: what it is, who made it and when, and each page's change as a diff (50 at a
 * time) with its result. An applied set can be undone (as a new change set); a pending one can be
 * applied or discarded.
 */
export function ChangeSetDetail({
  organizationSlug,
  siteHostname,
  changeSetId,
}: ChangeSetDetailProps) {
  const params = { organizationSlug, siteHostname }
  const detail = useSuspenseInfiniteQuery(
    changeSetQuery(organizationSlug, siteHostname, changeSetId),
  )
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState<'apply' | 'discard' | 'propose' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const set = detail.data.pages[0]?.changeSet
  const items = detail.data.pages.flatMap((page) => page.items)
  const live = useChangeSetLiveChecks(
    organizationSlug,
    siteHostname,
    changeSetId,
    set?.status === 'applied',
  )
  const liveByPath = new Map(live?.checks.map((check) => [check.path, check]) ?? [])
  if (!set) return null
  const status = changeSetStatus(set)
  const refresh = () =>
    Promise.all(bulkWriteKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  const act = async (what: 'apply' | 'discard') => {
    setBusy(what)
    setFailure(null)
    try {
      if (what === 'apply') {
        const result = await client.changeSets.apply({ ...params, changeSetId })
        const changed = result.applied + result.created
        toast.success(
          `${changed.toLocaleString('en')} ${changed === 1 ? 'page' : 'pages'} changed${result.conflicts.length ? `; ${result.conflicts.length} left as they were (changed since)` : ''}.`,
        )
      } else {
        await client.changeSets.discard({ ...params, changeSetId })
        toast.success('The change set was discarded.')
      }
      await refresh()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(null)
    }
  }
  // Reviewed and published like drafts instead of applied at once (see change requests).
  const propose = async () => {
    setBusy('propose')
    setFailure(null)
    try {
      const { changeRequestId } = await client.changeRequests.fromChangeSet({
        ...params,
        changeSetId,
      })
      await refresh()
      toast.success('Proposed for review: a change request now holds these changes.')
      void navigate({
        to: '/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId',
        params: { ...params, changeRequestId },
      })
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(null)
    }
  }
  const linkTo = (id: string, text: string) => (
    <Link
      to="/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId"
      params={{ ...params, changeSetId: id }}
      className="text-link"
    >
      {text}
    </Link>
  )

  return (
    <div className="stack-lg">
      <div className="page-heading">
        <div>
          <h1>
            {changeSetSourceLabel(set.source)} <Badge tone={status.tone}>{status.label}</Badge>
          </h1>
          {set.note ? (
            <p className="change-set-note-full" dir="auto">
              {set.note}
            </p>
          ) : null}
          <p className="muted">
            {set.author?.name ?? 'A former member'} · <Time value={set.createdAt} />
            {set.appliedAt ? (
              <>
                {' '}
                · applied <Time value={set.appliedAt} />
              </>
            ) : null}{' '}
            · {changeSetCountsLabel(set)}
          </p>
          {set.undoesId ? (
            <p>This undoes {linkTo(set.undoesId, 'an earlier change set')}.</p>
          ) : null}
          {set.undoneById ? <p>Undone by {linkTo(set.undoneById, 'a later change set')}.</p> : null}
        </div>
        <div className="actions">
          {set.status === 'applied' && !set.undoneById ? (
            <ConfirmDialog
              trigger={<Button>Undo this change set</Button>}
              title="Undo this change set?"
              description={`Each of its ${set.itemCount.toLocaleString('en')} pages gets back the metadata it had before, as a new revision. Pages changed since are left as they are.`}
              confirmLabel="Undo the change set"
              errorMessage={messageOf}
              onConfirm={async () => {
                const undone = await client.changeSets.undo({ ...params, changeSetId })
                await refresh()
                const changed = undone.applied + undone.created
                toast.success(
                  `Undone: ${changed.toLocaleString('en')} ${changed === 1 ? 'page has' : 'pages have'} their earlier metadata back.`,
                )
                void navigate({
                  to: '/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId',
                  params: { ...params, changeSetId: undone.id },
                })
              }}
            />
          ) : null}
          {set.status === 'pending' ? (
            <>
              <Button
                loading={busy === 'discard'}
                disabled={busy !== null}
                onClick={() => void act('discard')}
              >
                Discard
              </Button>
              {set.source === 'bulk' || set.source === 'import' ? (
                <Button
                  loading={busy === 'propose'}
                  disabled={busy !== null}
                  onClick={() => void propose()}
                >
                  Propose for review
                </Button>
              ) : null}
              <Button
                variant="primary"
                loading={busy === 'apply'}
                disabled={busy !== null}
                onClick={() => void act('apply')}
              >
                Apply {set.itemCount.toLocaleString('en')}{' '}
                {set.itemCount === 1 ? 'change' : 'changes'}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <SiteNav {...params} />
      {failure ? (
        <Alert tone="danger" live="assertive" title="That did not work">
          {failure}
        </Alert>
      ) : null}
      {live ? <ChangeSetLiveSummary data={live} itemCount={set.itemCount} /> : null}
      <section aria-labelledby="change-set-pages" className="stack">
        <h2 id="change-set-pages">Pages</h2>
        {items.length === 0 ? (
          <p className="muted">This change set holds no pages.</p>
        ) : (
          <ol className="change-set-items">
            {items.map((item) => (
              <li key={`${item.path} ${item.locale ?? ''}`} className="change-set-item">
                <div className="change-set-item__head">
                  <h3>
                    {item.pageId ? (
                      <Link
                        to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
                        params={params}
                        search={{
                          path: item.path,
                          ...(item.locale === null ? {} : { locale: item.locale }),
                        }}
                        className="text-link"
                      >
                        <code dir="ltr">{item.path}</code>
                      </Link>
                    ) : (
                      <code dir="ltr">{item.path}</code>
                    )}
                    {item.locale !== null ? (
                      <>
                        {' '}
                        <LocaleBadge locale={item.locale} />
                      </>
                    ) : null}
                  </h3>
                  <span className="change-set-item__badges">
                    <LiveBadge check={liveByPath.get(item.path)} />
                    {item.result ? (
                      <Badge tone={RESULTS[item.result].tone}>{RESULTS[item.result].label}</Badge>
                    ) : (
                      <Badge tone="accent">Not applied yet</Badge>
                    )}
                  </span>
                </div>
                <RevisionDiff
                  before={item.before}
                  after={item.after}
                  beforeLabel="Before"
                  afterLabel="After"
                />
              </li>
            ))}
          </ol>
        )}
        {detail.hasNextPage ? (
          <div>
            <Button onClick={() => void detail.fetchNextPage()} loading={detail.isFetchingNextPage}>
              Show more pages
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  )
}
