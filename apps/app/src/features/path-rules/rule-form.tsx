import { formSchemas } from '~/lib/form-schemas.ts'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { invalidateRuleData, type PathRule } from './queries.ts'

export interface RuleFormValues {
  pattern: string
  titleTemplate: string
}

const PATTERN_HELP =
  '* is one segment (/blog/* matches /blog/hello), ** any number (/docs/** matches /docs and all below).'
const TEMPLATE_HELP =
  'Replaces the site’s title template on these pages, e.g. “%s — Acme blog”. Empty: the site’s.'

/**
 * Creates a rule (no `rule`: its pattern and title template, then the screen to say what it
 * sets) or changes an existing rule's pattern and title template (its metadata stays).
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
  const create = useInlineMutation(orpc.pathRules.create.mutationOptions())
  const rename = useInlineMutation(orpc.pathRules.rename.mutationOptions())
  const update = useInlineMutation(orpc.pathRules.update.mutationOptions())
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

  return (
    <SchemaForm form={form} submitLabel={rule ? 'Save pattern and template' : 'Create rule'}>
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
    </SchemaForm>
  )
}
