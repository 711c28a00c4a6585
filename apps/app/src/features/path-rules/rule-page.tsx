import type { Metadata } from '@headmark/metadata'
import { Alert, Button, MetadataEditor, type MetadataErrors, toast } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { DangerConfirm, DangerZone } from '~/components/danger-zone.tsx'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import {
  invalidateChangeRequests,
  publishingPolicyQuery,
} from '~/features/change-requests/queries.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { errorText, fieldMessages, isErrorCode } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { fieldsSet } from './rules-list.tsx'
import { ruleChangeAccess } from './rule-access.ts'
import { RuleForm } from './rule-form.tsx'
import {
  invalidateRuleData,
  pathRuleQuery,
  pathRuleRevisionsQuery,
  type PathRuleRevision,
} from './queries.ts'

function metadataErrors(error: unknown): MetadataErrors {
  const out: MetadataErrors = {}
  for (const [path, message] of Object.entries(fieldMessages(error))) {
    if (path.startsWith('metadata.') && message) out[path.slice('metadata.'.length)] = message
  }
  return out
}

/** One rule: what it sets (the metadata editor), its pattern and template, history and deletion. */
export function RulePage({
  organizationSlug,
  siteHostname,
  ruleId,
}: {
  organizationSlug: string
  siteHostname: string
  ruleId: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const site = { organizationSlug, siteHostname }
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { data: rule } = useSuspenseQuery(pathRuleQuery(organizationSlug, siteHostname, ruleId))
  const { data: history } = useSuspenseQuery(
    pathRuleRevisionsQuery(organizationSlug, siteHostname, ruleId),
  )
  const { data: policy } = useSuspenseQuery(publishingPolicyQuery(organizationSlug))
  const canManage = organization.role !== 'member'
  const { mayPublish, note } = ruleChangeAccess(canManage, policy.twoPersonRule)
  const [draft, setDraft] = useState<Metadata>(rule.metadata)
  const [base, setBase] = useState(rule.currentRevisionId)
  const [formError, setFormError] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<MetadataErrors>({})
  // Someone else's save (or a restore here) moved the rule on: show it when nothing is unsaved.
  if (rule.currentRevisionId !== base && JSON.stringify(draft) === JSON.stringify(rule.metadata)) {
    setBase(rule.currentRevisionId)
  }

  const save = useInlineMutation(
    orpc.pathRules.update.mutationOptions({
      onSuccess: async (saved) => {
        setBase(saved.currentRevisionId)
        setDraft(saved.metadata)
        setFormError(null)
        setServerErrors({})
        toast.success(`${saved.pattern} saved: its pages serve it now.`)
        await invalidateRuleData(queryClient)
      },
      onError: (error) => {
        setServerErrors(metadataErrors(error))
        setFormError(
          isErrorCode(error, 'CONFLICT')
            ? 'Someone saved this rule after you opened it. Copy your changes, reload, and apply them again.'
            : errorText(error),
        )
      },
    }),
  )
  // "Save as draft": the change goes to the person's open change request of the site (any member
  // may propose one); owners and admins approve and publish it.
  const [drafted, setDrafted] = useState<string | null>(null)
  const saveDraft = useInlineMutation(
    orpc.changeRequests.saveRuleDraft.mutationOptions({
      onSuccess: async ({ changeRequestId, created }) => {
        toast.success(
          created ? 'Saved as a draft in a new change request.' : 'Added to your change request.',
        )
        setFormError(null)
        setServerErrors({})
        setDrafted(changeRequestId)
        await invalidateChangeRequests(queryClient)
      },
      onError: (error) => {
        setServerErrors(metadataErrors(error))
        setFormError(errorText(error))
      },
    }),
  )
  const proposeDelete = useInlineMutation(orpc.changeRequests.saveRuleDraft.mutationOptions())
  const restore = useInlineMutation(
    orpc.pathRules.restore.mutationOptions({
      onSuccess: async (restored) => {
        setBase(restored.currentRevisionId)
        setDraft(restored.metadata)
        toast.success('Restored as a new revision.')
        await invalidateRuleData(queryClient)
      },
    }),
  )
  const remove = useInlineMutation(
    orpc.pathRules.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(`The rule for ${rule.pattern} was deleted.`)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/rules',
          params: site,
        })
        queryClient.removeQueries({
          queryKey: orpc.pathRules.get.key({ input: { ...site, ruleId } }),
        })
        await invalidateRuleData(queryClient)
      },
    }),
  )

  return (
    <div className="stack-lg path-rule-page">
      <div className="page-heading">
        <h1>
          Rule <code className="path-rule-pattern">{rule.pattern}</code>
        </h1>
      </div>
      <p className="lead">
        Sets: {fieldsSet(rule.metadata, rule.titleTemplate)}. A page’s own metadata still wins.
      </p>
      <section aria-labelledby="rule-sets-heading" className="stack">
        <h2 id="rule-sets-heading">What it sets</h2>
        {note ? <p className="muted">{note}</p> : null}
        <FormAlert message={formError} />
        {drafted ? (
          <Alert tone="info" title="Saved as a draft, not published">
            Its pages still serve the current revision.{' '}
            <Link
              to="/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId"
              params={{ ...site, changeRequestId: drafted }}
              className="text-link"
            >
              Open the change request
            </Link>{' '}
            to ask for a review.
          </Alert>
        ) : null}
        <MetadataEditor
          value={draft}
          onChange={(next) => {
            setDraft(next)
            if (formError) setFormError(null)
          }}
          savedValue={rule.metadata}
          scope="defaults"
          errors={serverErrors}
          saving={save.isPending}
          onSaveDraft={(metadata) =>
            saveDraft.mutate({ ...site, ruleId, baseRevisionId: base, metadata })
          }
          savingDraft={saveDraft.isPending}
          onSave={
            mayPublish
              ? (metadata) => save.mutate({ ...site, ruleId, baseRevisionId: base, metadata })
              : undefined
          }
        />
      </section>
      <section aria-labelledby="rule-pattern-heading" className="stack page-narrow">
        <h2 id="rule-pattern-heading">Pattern and title template</h2>
        <RuleForm key={`${rule.pattern} ${rule.titleTemplate}`} {...site} rule={rule} />
      </section>
      <section aria-labelledby="rule-history-heading" className="stack">
        <h2 id="rule-history-heading">History</h2>
        <ol className="path-rule-history">
          {history.items.map((revision: PathRuleRevision) => (
            <li key={revision.id}>
              <span>
                <strong>Revision {revision.number}</strong>
                {revision.source === 'restore' ? ' (restored)' : ''} ·{' '}
                {revision.author?.name ?? 'Someone'} ·{' '}
                <time dateTime={revision.createdAt.toISOString()}>
                  {revision.createdAt.toLocaleString('en')}
                </time>
                <span className="muted">
                  {' '}
                  · {fieldsSet(revision.metadata, revision.titleTemplate)}
                </span>
              </span>
              {revision.id === rule.currentRevisionId ? (
                <span className="muted small">Current</span>
              ) : mayPublish ? (
                <Button
                  size="sm"
                  loading={restore.isPending && restore.variables?.revisionId === revision.id}
                  onClick={() => restore.mutate({ ...site, ruleId, revisionId: revision.id })}
                >
                  Restore revision {revision.number}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <DangerZone id="delete-rule-heading" heading="Delete this rule">
        <p className="muted">
          {mayPublish
            ? 'The pages it matches serve without it at once; its history goes with it. Or propose its deletion in a change request, for someone to review first.'
            : 'Propose its deletion in a change request: once approved and released, the pages it matches serve without it.'}
        </p>
        <div className="actions">
          {mayPublish ? (
            <DangerConfirm
              title={`Delete the rule for ${rule.pattern}?`}
              description="Its pages keep their own metadata and the site’s defaults."
              confirmLabel="Delete rule"
              onConfirm={() => remove.mutateAsync({ ...site, ruleId })}
            />
          ) : null}
          <DangerConfirm
            trigger={
              <Button variant={mayPublish ? 'secondary' : 'danger'}>Propose deleting it</Button>
            }
            title={`Propose deleting the rule for ${rule.pattern}?`}
            description="The deletion is added to your open change request of this site (or a new one). Nothing changes until it is approved and released."
            confirmLabel="Propose deletion"
            onConfirm={async () => {
              const { changeRequestId } = await proposeDelete.mutateAsync({
                ...site,
                ruleId,
                baseRevisionId: rule.currentRevisionId,
                delete: true,
              })
              await invalidateChangeRequests(queryClient)
              await navigate({
                to: '/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId',
                params: { ...site, changeRequestId },
              })
            }}
          />
        </div>
      </DangerZone>
    </div>
  )
}
