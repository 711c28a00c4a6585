import { Badge, Button, DataTable, Field, Input, Select } from '@headmark/ui'
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { membersQuery } from '~/features/members/queries.ts'
import { OrganizationHeader } from '~/features/organizations/organization-header.tsx'
import { organizationAccess } from '~/features/organizations/access.ts'
import { OwnersAndAdminsOnly } from '~/features/organizations/owners-only.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { Time } from '~/lib/dates.tsx'
import {
  type AuditEvent,
  type AuditFilters,
  auditActionsQuery,
  auditExportUrl,
  auditLogQuery,
} from './queries.ts'

const ANY = 'any'

/** What an entry acted on, as the filter names it. */
const TARGET_KINDS: Record<string, string> = {
  organization: 'Organization',
  member: 'Member',
  invitation: 'Invitation',
  site: 'Site',
  api_key: 'API key',
  webhook: 'Webhook',
  page: 'Page',
  site_defaults: 'Site defaults',
  path_rule: 'Path rule',
  change_set: 'Change set',
}

const ACTOR_KINDS: Record<AuditEvent['actorKind'], string> = {
  person: 'Person',
  api_key: 'API key',
  agent: 'Agent',
  system: 'Headmark',
}

/** A summary value as one short line of text. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/** The before/after of an entry, one field a line: `title: Old → New`. */
function Summary({ summary }: { summary: AuditEvent['summary'] }) {
  const before = summary.before ?? {}
  const after = summary.after ?? {}
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  if (keys.length === 0) return <span className="muted">—</span>
  return (
    <ul className="audit-summary">
      {keys.slice(0, 8).map((key) => (
        <li key={key}>
          <span className="audit-summary-key">{key}</span>:{' '}
          {key in before ? (
            <>
              <del dir="auto">{shown(before[key])}</del>
              {key in after ? ' → ' : null}
            </>
          ) : null}
          {key in after ? <ins dir="auto">{shown(after[key])}</ins> : null}
        </li>
      ))}
      {keys.length > 8 ? <li className="muted">and {keys.length - 8} more</li> : null}
    </ul>
  )
}

/**
 * The organization's audit log: who did what, to what, when and from where, newest first, with
 * filters, "Show older entries" paging and CSV / JSON Lines downloads. Owners and admins only.
 */
export function AuditLogPage({ organizationSlug }: { organizationSlug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { canUpdate } = organizationAccess(organization.role)
  return (
    <div className="stack-lg">
      <OrganizationHeader organizationSlug={organizationSlug} />
      {canUpdate ? (
        <AuditLog organizationSlug={organizationSlug} />
      ) : (
        <OwnersAndAdminsOnly
          organizationSlug={organizationSlug}
          description="The audit log lists everyone’s actions in this organization, with their addresses: only its owners and admins can read it. Ask one of them if you need to know who changed something."
        />
      )}
    </div>
  )
}

function AuditLog({ organizationSlug }: { organizationSlug: string }) {
  const [filters, setFilters] = useState<AuditFilters>({})
  const [targetLabel, setTargetLabel] = useState('')
  const log = useInfiniteQuery(auditLogQuery(organizationSlug, filters))
  const actions = useQuery(auditActionsQuery(organizationSlug))
  const members = useQuery(membersQuery(organizationSlug))
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.events), [log.data])
  const retentionDays = log.data?.pages[0]?.retentionDays
  const set = (key: keyof AuditFilters, value: string) =>
    setFilters((current) => {
      const next = { ...current }
      if (value && value !== ANY) next[key] = value
      else delete next[key]
      if (key === 'targetKind') delete next.targetId
      return next
    })
  const filtered = Object.keys(filters).length > 0

  const actionOptions = useMemo(() => {
    const list = actions.data ?? []
    const families = [...new Set(list.map((a) => a.action.split('.')[0] ?? a.action))]
    return [
      { value: ANY, label: 'Any action' },
      ...families.map((family) => ({
        value: `${family}.`,
        label: `Every ${family.replaceAll('_', ' ')} action`,
      })),
      ...list.map((a) => ({ value: a.action, label: a.label })),
    ]
  }, [actions.data])
  const actorOptions = useMemo(
    () => [
      { value: ANY, label: 'Anyone' },
      ...(members.data ?? []).map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` })),
      { value: 'system', label: 'Headmark (automatic)' },
    ],
    [members.data],
  )

  return (
    <section className="stack" aria-labelledby="audit-log-title">
      <div className="page-heading">
        <div>
          <h2 id="audit-log-title">Audit log</h2>
          <p className="muted">
            Every change in {`this organization`}: who made it, when, from which address, and what
            it changed.{' '}
            {retentionDays === undefined
              ? null
              : retentionDays === null
                ? 'Your plan keeps the whole history.'
                : `Your plan keeps the last ${retentionDays} days.`}
          </p>
        </div>
        <div className="audit-downloads">
          <Button asChild variant="secondary">
            <a href={auditExportUrl(organizationSlug, 'csv', filters)} download>
              Download CSV
            </a>
          </Button>
          <Button asChild variant="secondary">
            <a href={auditExportUrl(organizationSlug, 'jsonl', filters)} download>
              Download JSON Lines
            </a>
          </Button>
        </div>
      </div>

      <form
        className="audit-filters"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label="Who">
          <Select
            options={actorOptions}
            value={filters.actorId ?? ANY}
            onValueChange={(value) => set('actorId', value)}
          />
        </Field>
        <Field label="Action">
          <Select
            options={actionOptions}
            value={filters.action ?? ANY}
            onValueChange={(value) => set('action', value)}
          />
        </Field>
        <Field label="Target">
          <Select
            options={[
              { value: ANY, label: 'Anything' },
              ...Object.entries(TARGET_KINDS).map(([value, label]) => ({ value, label })),
            ]}
            value={filters.targetKind ?? ANY}
            onValueChange={(value) => set('targetKind', value)}
          />
        </Field>
        <Field label="From">
          <Input
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => set('from', event.target.value)}
          />
        </Field>
        <Field label="To">
          <Input
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => set('to', event.target.value)}
          />
        </Field>
        {filtered ? (
          <div className="audit-filters-reset">
            <Button variant="ghost" type="button" onClick={() => setFilters({})}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </form>
      {filters.targetId ? (
        <p className="audit-target-filter">
          Only <strong dir="auto">{targetLabel || 'one target'}</strong>.{' '}
          <Button variant="ghost" size="sm" type="button" onClick={() => set('targetId', '')}>
            Show every {TARGET_KINDS[filters.targetKind ?? '']?.toLowerCase() ?? 'target'}
          </Button>
        </p>
      ) : null}

      <DataTable<AuditEvent>
        label="Audit log entries, newest first"
        className="audit-table"
        query={{
          status: log.status,
          data: rows,
          error: log.error,
          refetch: () => void log.refetch(),
        }}
        errorTitle="The audit log could not be loaded"
        busy={log.isFetching && !log.isFetchingNextPage && log.status === 'success'}
        loadingRows={6}
        empty={
          filtered
            ? {
                title: 'Nothing matches these filters',
                description: 'Widen the time range, or clear the filters.',
              }
            : {
                title: 'Nothing recorded yet',
                description:
                  'Changes to members, sites, pages, webhooks, keys and the plan appear here as they happen.',
              }
        }
        pagination={{
          kind: 'more',
          hasMore: log.hasNextPage,
          loading: log.isFetchingNextPage,
          onLoadMore: () => void log.fetchNextPage(),
          label: 'Show older entries',
        }}
        columns={[
          {
            id: 'action',
            header: 'What',
            rowHeader: true,
            cell: (entry) => (
              <span className="audit-action">
                <span>
                  {actions.data?.find((a) => a.action === entry.action)?.label ?? entry.action}
                </span>
                <code className="muted">{entry.action}</code>
              </span>
            ),
          },
          {
            id: 'actor',
            header: 'Who',
            cell: (entry) => (
              <span className="audit-actor">
                <span dir="auto">{entry.actorLabel}</span>
                {entry.actorKind === 'person' ? null : (
                  <Badge>{ACTOR_KINDS[entry.actorKind]}</Badge>
                )}
              </span>
            ),
          },
          {
            id: 'target',
            header: 'On',
            cell: (entry) =>
              entry.targetId ? (
                <button
                  type="button"
                  className="text-link audit-target"
                  title="Show only this target’s entries"
                  onClick={() => {
                    setTargetLabel(entry.targetLabel)
                    setFilters((current) => ({
                      ...current,
                      targetKind: entry.targetKind,
                      targetId: entry.targetId ?? '',
                    }))
                  }}
                >
                  <span className="muted">
                    {TARGET_KINDS[entry.targetKind] ?? entry.targetKind}
                  </span>{' '}
                  <span dir="auto">{entry.targetLabel}</span>
                </button>
              ) : (
                <span dir="auto">{entry.targetLabel}</span>
              ),
          },
          { id: 'summary', header: 'Change', cell: (entry) => <Summary summary={entry.summary} /> },
          {
            id: 'when',
            header: 'When',
            cell: (entry) => (
              <span className="audit-when">
                <Time value={entry.occurredAt} />
                <span className="muted">{entry.clientAddress ?? ''}</span>
              </span>
            ),
          },
        ]}
      />
    </section>
  )
}
