import { Field, Select } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import {
  draftQuery,
  invalidateChangeRequests,
  publishingPolicyQuery,
} from '~/features/change-requests/queries.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { formSchemas } from '~/lib/form-schemas.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { invalidateRuleData, type PathRule } from './queries.ts'
import { ruleChangeAccess } from './rule-access.ts'

export interface RuleFormValues {
  pattern: string
  titleTemplate: string
}

/** Where a rule's change goes: published at once, the person's open draft, or a new request. */
export type RuleChangeTarget = 'publish' | 'draft' | 'new'

const PATTERN_HELP =
  '* is one segment (/blog/* matches /blog/hello), ** any number (/docs/** matches /docs and all below).'
const TEMPLATE_HELP =
  'Replaces the site’s title template on these pages, e.g. “%s — Acme blog”. Empty: the site’s.'

/**
 * The choices of where a rule's change goes: "Publish now" only when the person may change rules
 * directly; their open change request of the site when they have one; a new one always.
 */
export function ruleChangeTargets(
  mayPublish: boolean,
  openDraftTitle: string | null,
): Array<{ value: RuleChangeTarget; label: string }> {
  return [
    ...(mayPublish ? [{ value: 'publish' as const, label: 'Publish now' }] : []),
    ...(openDraftTitle !== null
      ? [
          {
            value: 'draft' as const,
            label: `Propose in my open change request “${openDraftTitle}”`,
          },
        ]
      : []),
    { value: 'new' as const, label: 'Propose in a new change request' },
  ]
}

/**
 * Creates a rule (no `rule`: its pattern and title template, then the screen to say what it
 * sets) or changes an existing rule's pattern and title template (its metadata stays) — at once,
 * or, when the publishing policy asks for review (or the person chooses to), as a draft in a
 * change request that opens once saved.
 */
export function RuleForm({
  organizationSlug,
  siteHostname,
  rule,
}: {
  organizationSlug: string
  siteHostname: string
  rule?: PathRule
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { data: policy } = useSuspenseQuery(publishingPolicyQuery(organizationSlug))
  const { data: openDraft } = useSuspenseQuery(draftQuery(organizationSlug, siteHostname))
  const { mayPublish, note } = ruleChangeAccess(
    organization.role !== 'member',
    policy.twoPersonRule,
  )
  const targets = ruleChangeTargets(mayPublish, openDraft?.title ?? null)
  const [target, setTarget] = useState<RuleChangeTarget>(targets[0]?.value ?? 'new')
  const create = useInlineMutation(orpc.pathRules.create.mutationOptions())
  const rename = useInlineMutation(orpc.pathRules.rename.mutationOptions())
  const update = useInlineMutation(orpc.pathRules.update.mutationOptions())
  const propose = useInlineMutation(orpc.changeRequests.saveRuleDraft.mutationOptions())
  const form = useSchemaForm({
    schema: formSchemas.createPathRuleInput,
    defaultValues: {
      pattern: rule?.pattern ?? '',
      titleTemplate: rule?.titleTemplate ?? '',
    } satisfies RuleFormValues,
    codeFields: { CONFLICT: 'pattern' },
    submit: async (values) => {
      const titleTemplate = values.titleTemplate?.trim() ? values.titleTemplate : null
      const site = { organizationSlug, siteHostname }
      if (target !== 'publish') {
        const { changeRequestId } = await propose.mutateAsync({
          ...site,
          ruleId: rule?.id ?? null,
          pattern: values.pattern,
          baseRevisionId: rule?.currentRevisionId ?? null,
          // A new rule starts empty; a change of this form leaves what the rule sets alone.
          ...(rule ? {} : { metadata: {} }),
          ...(rule && titleTemplate === rule.titleTemplate ? {} : { titleTemplate }),
          newChangeRequest: target === 'new',
        })
        await invalidateChangeRequests(queryClient)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/change-requests/$changeRequestId',
          params: { ...site, changeRequestId },
        })
        return
      }
      if (!rule) {
        const created = await create.mutateAsync({
          ...site,
          pattern: values.pattern,
          titleTemplate,
          metadata: {},
        })
        await invalidateRuleData(queryClient)
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/rules/$ruleId',
          params: { organizationSlug, siteHostname, ruleId: created.id },
        })
        return
      }
      if (values.pattern !== rule.pattern) {
        await rename.mutateAsync({ ...site, ruleId: rule.id, pattern: values.pattern })
      }
      if (titleTemplate !== rule.titleTemplate) {
        await update.mutateAsync({
          ...site,
          ruleId: rule.id,
          baseRevisionId: rule.currentRevisionId,
          metadata: rule.metadata,
          titleTemplate,
        })
      }
      await invalidateRuleData(queryClient)
    },
  })

  const proposing = target !== 'publish'
  return (
    <SchemaForm
      form={form}
      submitLabel={
        proposing
          ? rule
            ? 'Propose the change'
            : 'Propose rule'
          : rule
            ? 'Save pattern and template'
            : 'Create rule'
      }
    >
      <TextField
        form={form}
        name="pattern"
        label="Path pattern"
        required
        description={PATTERN_HELP}
        placeholder="/blog/*"
        spellCheck={false}
        dir="ltr"
      />
      <TextField
        form={form}
        name="titleTemplate"
        label="Title template"
        optional
        description={TEMPLATE_HELP}
        placeholder="%s — Acme blog"
      />
      <Field
        label={rule ? 'Apply the change' : 'Apply the rule'}
        description={
          proposing
            ? // The rule's screen says the note above its editor already.
              ((rule ? null : note) ??
              'Nothing changes on the site until the change request is approved and released.')
            : 'Its pages serve it at once.'
        }
      >
        <Select
          value={target}
          onValueChange={(value) => setTarget(value as RuleChangeTarget)}
          options={targets}
        />
      </Field>
    </SchemaForm>
  )
}
