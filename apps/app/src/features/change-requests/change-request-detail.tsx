import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  Field,
  Input,
  RevisionDiff,
  SerpPreview,
  Textarea,
  toast,
} from '@headmark/ui'
import type { Metadata } from '@headmark/metadata'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { AgentBadge } from '~/features/agents/agent-badge.tsx'
import { LocaleBadge } from '~/features/metadata-revisions/locale-badge.tsx'
import { ConflictPanel } from '~/features/metadata-revisions/conflict-panel.tsx'
import { LanguageVersionsPanel } from '~/features/metadata-revisions/language-versions-panel.tsx'
import { revisionQuery } from '~/features/metadata-revisions/queries.ts'
import { invalidateSiteData } from '~/features/sites/queries.ts'
import { Time } from '~/lib/dates.tsx'
import { client } from '~/lib/orpc.ts'
import { statusOf } from './change-request-labels.ts'
import {
  type ChangeRequestDetail,
  changeRequestQuery,
  invalidateChangeRequests,
} from './queries.ts'

/** Text with its first letter capitalised. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The server did not answer; try again.'

/** A local date-time input's value for a time (to the second, the person's time zone). */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return shifted.toISOString().slice(0, 19)
}

/**
 * One change request: what it changes (a diff and a search preview per page, the defaults'
 * diff), conflicts to resolve, the discussion and the reviews, and what the person may do with
 * it — approve, ask for changes, publish now, schedule, cancel the schedule, close.
 */
export function ChangeRequestDetailScreen({
  organizationSlug,
  siteHostname,
  changeRequestId,
}: {
  organizationSlug: string
  siteHostname: string
  changeRequestId: string
}) {
  const { data } = useSuspenseQuery(changeRequestQuery(organizationSlug, changeRequestId))
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const request = data.changeRequest
  const status = statusOf(request.status)
  const { agent } = request
  const ref = { organizationSlug, changeRequestId }

  const act = async (name: string, run: () => Promise<unknown>, done: string) => {
    setBusy(name)
    setFailure(null)
    try {
      await run()
      toast.success(done)
      await invalidateChangeRequests(queryClient)
      await invalidateSiteData(queryClient)
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(null)
    }
  }

  const conflicts =
    data.items.filter((item) => item.conflict).length +
    (data.defaults?.conflict ? 1 : 0) +
    data.rules.filter((rule) => rule.conflict).length
  const pending = request.status !== 'published' && request.status !== 'closed'

  return (
    <div className="stack-lg change-request">
      <div className="page-heading">
        <div className="heading-text">
          <h1 className="break" dir="auto">
            {request.title} <Badge tone={status.tone}>{status.label}</Badge>
          </h1>
          {agent ? <AgentBadge agent={agent} person={request.author?.name ?? null} /> : null}
          <p className="muted">
            {request.author?.name ?? 'A former member'} · opened <Time value={request.createdAt} />{' '}
            · {request.pageCount} {request.pageCount === 1 ? 'page' : 'pages'}
            {request.defaults ? ' and the site’s defaults' : ''}
            {request.ruleCount > 0
              ? ` · ${request.ruleCount} path ${request.ruleCount === 1 ? 'rule' : 'rules'}`
              : ''}
            {request.scheduledFor ? (
              <>
                {' '}
                · goes live <Time value={request.scheduledFor} />
              </>
            ) : null}
            {request.publishedAt ? (
              <>
                {' '}
                · published <Time value={request.publishedAt} />
              </>
            ) : null}
          </p>
          {request.description ? (
            <p className="change-request-description" dir="auto">
              {request.description}
            </p>
          ) : null}
        </div>
      </div>

      {failure ? (
        <Alert tone="danger" live="assertive" title="That did not work">
          {failure}
        </Alert>
      ) : null}
      {request.outcome?.failure ? (
        <Alert tone="warning" title="The scheduled release published nothing">
          {request.outcome.failure}
        </Alert>
      ) : null}
      {pending && data.requirement.reasons.length > 0 ? (
        <Alert tone="info" title="Publishing needs an approval">
          {sentence(data.requirement.reasons.join('; '))}.{' '}
          {data.requirement.approvalCounts && request.approvedBy
            ? `Approved by ${request.approvedBy.name}.`
            : 'Not approved yet.'}
        </Alert>
      ) : null}
      {pending && conflicts > 0 ? (
        <Alert tone="warning" title={`${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}`}>
          Since this request was drafted, someone published newer versions of what it changes.
          Nothing is published until the author re-bases each onto the newer revision or drops it.
        </Alert>
      ) : null}

      {pending ? <Actions data={data} busy={busy} act={act} refInput={ref} /> : null}

      {data.defaults ? (
        <section className="stack" aria-label="Site defaults">
          <h2>
            Site defaults{' '}
            {data.defaults.conflict ? <Badge tone="warning">Changed since the draft</Badge> : null}
          </h2>
          <RevisionDiff
            before={data.defaults.before}
            after={data.defaults.after}
            beforeLabel="Now"
            afterLabel="Drafted"
          />
          {pending && data.can.edit && data.defaults.conflict ? (
            <DraftConflict
              organizationSlug={organizationSlug}
              siteHostname={siteHostname}
              pagePath={null}
              mine={data.defaults.after}
              currentRevisionId={data.defaults.currentRevisionId}
              busy={busy === 'rebase-defaults' || busy === 'drop-defaults'}
              onKeepMine={() =>
                act(
                  'rebase-defaults',
                  () =>
                    client.changeRequests.rebaseItem({
                      ...ref,
                      siteHostname,
                      pagePath: null,
                      baseRevisionId: data.defaults?.currentRevisionId ?? null,
                      metadata: data.defaults?.after ?? {},
                    }),
                  'Your draft of the defaults now builds on the newer revision.',
                )
              }
              onTakeTheirs={() =>
                act(
                  'drop-defaults',
                  () => client.changeRequests.dropItem({ ...ref, pagePath: null }),
                  'Dropped the defaults.',
                )
              }
            />
          ) : null}
        </section>
      ) : null}

      {data.rules.length > 0 ? (
        <section className="stack" aria-label="Path rules">
          <h2>Path rules</h2>
          {data.rules.map((rule) => (
            <Card key={rule.id}>
              <CardContent className="stack">
                <h3 className="mono break">
                  {rule.ruleId === null
                    ? `New rule ${rule.pattern}`
                    : rule.deleted
                      ? `Delete ${rule.currentPattern ?? rule.pattern}`
                      : rule.currentPattern && rule.currentPattern !== rule.pattern
                        ? `${rule.currentPattern} → ${rule.pattern}`
                        : rule.pattern}{' '}
                  {rule.conflict ? (
                    <Badge tone="warning">
                      {rule.ruleId === null
                        ? 'Pattern taken since the draft'
                        : 'Changed since the draft'}
                    </Badge>
                  ) : null}
                </h3>
                {rule.deleted ? null : (
                  <RevisionDiff
                    before={ruleValues(ruleBefore(rule))}
                    after={ruleValues(rule.after)}
                    beforeLabel={rule.current ? 'Now (saved since the draft)' : 'Before'}
                    afterLabel="Drafted"
                  />
                )}
                {pending && data.can.edit && rule.conflict ? (
                  <p className="muted">
                    {rule.currentRevisionId !== null
                      ? 'Someone saved this rule after your draft. Keep your draft on top of their revision, or drop it.'
                      : rule.ruleId === null
                        ? 'Another rule of the site has this pattern now. Drop this one, or change that rule instead.'
                        : 'This rule was deleted after your draft. Drop your change of it.'}
                  </p>
                ) : null}
                {pending && data.can.edit ? (
                  <div className="actions">
                    {rule.conflict && rule.ruleId !== null && rule.currentRevisionId !== null ? (
                      <Button
                        variant="primary"
                        loading={busy === `rebase-rule-${rule.id}`}
                        disabled={busy !== null && busy !== `rebase-rule-${rule.id}`}
                        onClick={() =>
                          act(
                            `rebase-rule-${rule.id}`,
                            () =>
                              client.changeRequests.saveRuleDraft({
                                organizationSlug,
                                siteHostname,
                                changeRequestId,
                                ruleId: rule.ruleId,
                                pattern: rule.pattern,
                                baseRevisionId: rule.currentRevisionId,
                                metadata: rule.after.metadata,
                                titleTemplate: rule.after.titleTemplate,
                                delete: rule.deleted,
                              }),
                            `Your draft of ${rule.pattern} now builds on the newer revision.`,
                          )
                        }
                      >
                        Keep my draft
                      </Button>
                    ) : null}
                    <Button
                      loading={busy === `drop-rule-${rule.id}`}
                      onClick={() =>
                        act(
                          `drop-rule-${rule.id}`,
                          () => client.changeRequests.dropRuleItem({ ...ref, ruleEditId: rule.id }),
                          `Dropped ${rule.pattern} from the request.`,
                        )
                      }
                    >
                      Drop it from the request
                    </Button>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          ))}
        </section>
      ) : null}

      <section className="stack" aria-label="Pages">
        <h2>Pages</h2>
        {data.items.length === 0 ? <p className="muted">This request changes no page.</p> : null}
        {data.items.map((item) => {
          // One card per set: a page drafted in two locales has two, each named by its locale.
          const key = item.locale === null ? item.path : `${item.path} ${item.locale}`
          const name = item.locale === null ? item.path : `${item.path} (${item.locale})`
          const localeInput = item.locale === null ? {} : { locale: item.locale }
          return (
            <Card key={key}>
              <CardContent className="stack">
                <h3 className="mono break">
                  <Link
                    to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
                    params={{ organizationSlug, siteHostname }}
                    search={{ path: item.path, ...localeInput }}
                  >
                    {item.path}
                  </Link>{' '}
                  {item.locale !== null ? <LocaleBadge locale={item.locale} /> : null}{' '}
                  {item.conflict ? <Badge tone="warning">Changed since the draft</Badge> : null}
                </h3>
                <RevisionDiff
                  before={item.before}
                  after={item.after}
                  beforeLabel="Before"
                  afterLabel="Drafted"
                />
                <SerpPreview metadata={item.served} url={item.url} />
                {data.localized ? (
                  // The cluster the server generates from the site's locales, as it will serve it.
                  <LanguageVersionsPanel
                    served={item.served}
                    cluster={{ alternates: item.served.alternates ?? {} }}
                    locale={item.locale ?? 'default'}
                    headingLevel="h4"
                  />
                ) : (
                  <LanguageVersionsPanel served={item.served} headingLevel="h4" />
                )}
                {pending && data.can.edit && item.conflict ? (
                  <DraftConflict
                    organizationSlug={organizationSlug}
                    siteHostname={siteHostname}
                    pagePath={item.path}
                    name={name}
                    mine={item.after}
                    currentRevisionId={item.currentRevisionId}
                    busy={busy === `rebase-${key}` || busy === `drop-${key}`}
                    onKeepMine={() =>
                      act(
                        `rebase-${key}`,
                        () =>
                          client.changeRequests.rebaseItem({
                            ...ref,
                            siteHostname,
                            pagePath: item.path,
                            ...localeInput,
                            baseRevisionId: item.currentRevisionId,
                            metadata: item.after,
                          }),
                        `Your draft of ${name} now builds on its newer revision.`,
                      )
                    }
                    onTakeTheirs={() =>
                      act(
                        `drop-${key}`,
                        () =>
                          client.changeRequests.dropItem({
                            ...ref,
                            pagePath: item.path,
                            ...localeInput,
                          }),
                        `Dropped ${name} from the request.`,
                      )
                    }
                  />
                ) : null}
              </CardContent>
            </Card>
          )
        })}
        {data.moreItems > 0 ? (
          <p className="muted">…and {data.moreItems.toLocaleString('en')} more pages.</p>
        ) : null}
      </section>

      <Discussion data={data} refInput={ref} onDone={() => invalidateChangeRequests(queryClient)} />
    </div>
  )
}

/**
 * A drafted page (or the defaults) saved by someone since the draft: the editor's field-by-field
 * conflict view, opened on demand, between the draft and the newer revision. Keeping the draft
 * re-bases it onto that revision; taking theirs drops it from the request.
 */
type RuleItem = ChangeRequestDetail['rules'][number]

/** What publishing a request changes, in words: "Its 2 pages and 3 path rules". */
function publishedParts(request: ChangeRequestDetail['changeRequest']): string {
  const parts = [
    ...(request.pageCount > 0 || (!request.defaults && request.ruleCount === 0)
      ? [`${request.pageCount} ${request.pageCount === 1 ? 'page' : 'pages'}`]
      : []),
    ...(request.defaults ? ['site defaults'] : []),
    ...(request.ruleCount > 0
      ? [`${request.ruleCount} ${request.ruleCount === 1 ? 'path rule' : 'path rules'}`]
      : []),
  ]
  const last = parts.pop() ?? ''
  return `Its ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`
}

/**
 * What a rule's change is shown against: the rule's current revision when it was saved since the
 * draft (a conflict: the person compares the newer value with theirs), else the draft's base.
 */
export function ruleBefore(rule: RuleItem): RuleItem['before'] {
  return rule.current ?? rule.before
}

/** A rule's metadata and title template as one value for the diff. */
function ruleValues(value: RuleItem['before']): Metadata {
  return {
    ...value.metadata,
    ...(value.titleTemplate ? { titleTemplate: value.titleTemplate } : {}),
  } as Metadata
}

function DraftConflict({
  organizationSlug,
  siteHostname,
  pagePath,
  name,
  mine,
  currentRevisionId,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  organizationSlug: string
  siteHostname: string
  pagePath: string | null
  /** How the heading names it (a page in a locale: "/pricing (de)"); by default its path. */
  name?: string
  mine: Metadata
  currentRevisionId: string | null
  busy: boolean
  onKeepMine: () => void
  onTakeTheirs: () => void
}) {
  const [open, setOpen] = useState(false)
  const theirs = useQuery({
    ...revisionQuery(organizationSlug, siteHostname, pagePath, currentRevisionId ?? ''),
    enabled: open && currentRevisionId !== null,
  })
  if (!open) {
    return (
      <div className="actions">
        <Button variant="primary" onClick={() => setOpen(true)}>
          Resolve the conflict
        </Button>
      </div>
    )
  }
  if (currentRevisionId !== null && !theirs.data) {
    return theirs.isError ? (
      <Alert tone="danger" title="The newer revision could not be loaded">
        {messageOf(theirs.error)}
      </Alert>
    ) : (
      <p className="muted">Loading the newer revision…</p>
    )
  }
  return (
    <ConflictPanel
      mine={mine}
      theirs={theirs.data ?? null}
      saving={busy}
      onKeepMine={onKeepMine}
      onTakeTheirs={onTakeTheirs}
      wording={{
        heading: `${name ?? pagePath ?? 'The site’s defaults'} changed after this draft`,
        note: 'Nothing is published until you choose: keep your draft on top of the newer revision, or take theirs and drop your draft of it.',
        mine: 'Your draft',
        keep: 'Keep my draft',
        take: 'Take theirs (drop my draft)',
      }}
    />
  )
}

function Actions({
  data,
  busy,
  act,
  refInput,
}: {
  data: ChangeRequestDetail
  busy: string | null
  act: (name: string, run: () => Promise<unknown>, done: string) => Promise<void>
  refInput: { organizationSlug: string; changeRequestId: string }
}) {
  const request = data.changeRequest
  const [at, setAt] = useState(() => localInput(new Date(Date.now() + 3_600_000)))
  const [note, setNote] = useState('')
  const scheduled = request.status === 'scheduled'
  return (
    <Card>
      <CardContent className="stack">
        <h2 className="card-heading">Review and release</h2>
        {data.can.review ? (
          <div className="stack">
            <Field label="Review note (optional)">
              <Textarea
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                rows={2}
              />
            </Field>
            <div className="actions">
              <Button
                loading={busy === 'request_changes'}
                disabled={busy !== null}
                onClick={() =>
                  void act(
                    'request_changes',
                    () =>
                      client.changeRequests.review({
                        ...refInput,
                        decision: 'request_changes',
                        body: note,
                      }),
                    'You asked for changes.',
                  ).then(() => setNote(''))
                }
              >
                Request changes
              </Button>
              <Button
                variant="primary"
                loading={busy === 'approve'}
                disabled={busy !== null}
                onClick={() =>
                  void act(
                    'approve',
                    () =>
                      client.changeRequests.review({
                        ...refInput,
                        decision: 'approve',
                        body: note,
                      }),
                    'Approved.',
                  ).then(() => setNote(''))
                }
              >
                Approve
              </Button>
            </div>
          </div>
        ) : null}
        {data.can.publish ? (
          <div className="stack">
            <div className="schedule-row">
              <Field label={scheduled ? 'Move the release to' : 'Release at'}>
                <Input
                  type="datetime-local"
                  step={1}
                  value={at}
                  onChange={(event) => setAt(event.currentTarget.value)}
                />
              </Field>
              <Button
                loading={busy === 'schedule'}
                disabled={busy !== null || !at}
                onClick={() =>
                  void act(
                    'schedule',
                    () => client.changeRequests.schedule({ ...refInput, at: new Date(at) }),
                    'The release is scheduled.',
                  )
                }
              >
                {scheduled ? 'Reschedule' : 'Schedule'}
              </Button>
            </div>
            <div className="actions">
              {scheduled ? (
                <Button
                  loading={busy === 'cancel'}
                  disabled={busy !== null}
                  onClick={() =>
                    void act(
                      'cancel',
                      () => client.changeRequests.cancelSchedule(refInput),
                      'The release was cancelled.',
                    )
                  }
                >
                  Cancel the release
                </Button>
              ) : null}
              <ConfirmDialog
                trigger={<Button variant="primary">Publish now</Button>}
                title="Publish this change request now?"
                description={`${publishedParts(request)} go live together. Anything changed since its draft stops the publish.`}
                confirmLabel="Publish"
                errorMessage={messageOf}
                onConfirm={async () => {
                  await client.changeRequests.publish(refInput)
                  await act('published', async () => undefined, 'Published.')
                }}
              />
            </div>
          </div>
        ) : (
          <p className="muted">
            {data.requirement.managersOnly
              ? 'An owner or an admin publishes this request once it is approved.'
              : 'Its author, an owner or an admin publishes this request once it may be.'}
          </p>
        )}
        {data.can.close ? (
          <div className="actions">
            <Button
              loading={busy === 'close'}
              disabled={busy !== null}
              onClick={() =>
                void act(
                  'close',
                  () => client.changeRequests.close(refInput),
                  'The change request was closed.',
                )
              }
            >
              Close without publishing
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

function Discussion({
  data,
  refInput,
  onDone,
}: {
  data: ChangeRequestDetail
  refInput: { organizationSlug: string; changeRequestId: string }
  onDone: () => Promise<void>
}) {
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const roots = data.comments.filter((comment) => comment.parentId === null)
  const answers = (id: string) => data.comments.filter((comment) => comment.parentId === id)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSending(true)
    setError(null)
    try {
      await client.changeRequests.comment({ ...refInput, body })
      setBody('')
      await onDone()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setSending(false)
    }
  }
  // Reviews and comments (with their answers) in the order they were made.
  const timeline = [
    ...data.reviews.map((review) => ({ at: review.createdAt, review, comment: null })),
    ...roots.map((comment) => ({ at: comment.createdAt, review: null, comment })),
  ].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())
  return (
    <section className="stack" aria-label="Discussion">
      <h2>Discussion</h2>
      {data.reviewers.length > 0 ? (
        <p className="muted">Reviewers: {data.reviewers.map((r) => r.name).join(', ')}</p>
      ) : null}
      <ul className="change-request-thread">
        {timeline.map(({ review, comment }) =>
          review ? (
            <li key={review.id}>
              <strong>{review.reviewer?.name ?? 'A former member'}</strong>{' '}
              {review.decision === 'approve' ? 'approved' : 'asked for changes'} ·{' '}
              <Time value={review.createdAt} />
              {review.body ? (
                <p className="comment-body" dir="auto">
                  {review.body}
                </p>
              ) : null}
            </li>
          ) : comment ? (
            <li key={comment.id}>
              <strong>{comment.author?.name ?? 'A former member'}</strong> ·{' '}
              <Time value={comment.createdAt} />
              <p className="comment-body" dir="auto">
                {comment.body}
              </p>
              {answers(comment.id).length > 0 ? (
                <ul className="change-request-thread">
                  {answers(comment.id).map((answer) => (
                    <li key={answer.id}>
                      <strong>{answer.author?.name ?? 'A former member'}</strong> ·{' '}
                      <Time value={answer.createdAt} />
                      <p className="comment-body" dir="auto">
                        {answer.body}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ) : null,
        )}
      </ul>
      {data.comments.length === 0 && data.reviews.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : null}
      <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Comment">
        <Field label="Comment" error={error ?? undefined}>
          <Textarea
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            rows={3}
          />
        </Field>
        <div className="actions">
          <Button type="submit" loading={sending} disabled={body.trim() === ''}>
            Comment
          </Button>
        </div>
      </form>
    </section>
  )
}
