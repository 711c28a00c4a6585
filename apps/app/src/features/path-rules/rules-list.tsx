import type { Metadata } from '@headmark/metadata'
import { Button, DataTable, metadataFieldLabel } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { rowHeaderColumn } from '~/components/row-action.tsx'
import { publishingPolicyQuery } from '~/features/change-requests/queries.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { type PathRuleRow, pathRulesQuery } from './queries.ts'
import { SiteNav } from '~/features/sites/site-nav.tsx'

/** The fields a rule sets, as the editor labels them: "Description, Open Graph type". */
export function fieldsSet(metadata: Metadata, titleTemplate: string | null): string {
  const names: string[] = []
  for (const [key, value] of Object.entries(metadata)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) names.push(metadataFieldLabel(`${key}.${inner}`))
    } else names.push(metadataFieldLabel(key))
  }
  if (titleTemplate) names.push(`Title template “${titleTemplate}”`)
  return names.length > 0 ? names.join(', ') : 'Nothing yet'
}

/** A site's path rules, least → most specific (the order they apply in), with the pages matched. */
export function RulesList({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { data } = useSuspenseQuery(pathRulesQuery(organizationSlug, siteHostname))
  const { data: policy } = useSuspenseQuery(publishingPolicyQuery(organizationSlug))
  const canManage = organization.role !== 'member'
  // As the server: owners and admins add rules directly, unless the two-person rule is on;
  // anyone else proposes one in a change request.
  const mayCreate = canManage && !policy.twoPersonRule
  const create = (
    <Button asChild variant="primary">
      <Link
        to="/app/organizations/$organizationSlug/sites/$siteHostname/rules/new"
        params={{ organizationSlug, siteHostname }}
      >
        {mayCreate ? 'Create rule' : 'Propose a rule'}
      </Link>
    </Button>
  )

  return (
    <div className="stack-lg path-rules-page">
      <div className="page-heading">
        <h1>Rules</h1>
        {data.items.length > 0 ? create : null}
      </div>
      <SiteNav organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <p className="lead">
        Defaults for the pages a path pattern matches: <code>/blog/*</code> is one segment under
        /blog, <code>/docs/**</code> is /docs and everything under it. A page serves the site’s
        defaults, then the rules that match it (the more specific later), then its own metadata.
      </p>
      <DataTable
        label="Rules, least specific first"
        rows={data.items}
        empty={{
          title: 'No rules yet',
          headingLevel: 2,
          description: mayCreate
            ? 'Give every blog post a description and a title template at once, with a rule for /blog/*.'
            : canManage
              ? 'The two-person rule is on: propose a rule in a change request, and another owner or admin approves it.'
              : 'Propose a rule in a change request: owners and admins of the organization approve it.',
          action: create,
        }}
        columns={[
          rowHeaderColumn(
            'pattern',
            'Pattern',
            (rule: PathRuleRow) => (
              <Link
                className="text-link path-rule-pattern"
                to="/app/organizations/$organizationSlug/sites/$siteHostname/rules/$ruleId"
                params={{ organizationSlug, siteHostname, ruleId: rule.id }}
              >
                {rule.pattern}
              </Link>
            ),
            'path-rule-pattern-cell',
          ),
          {
            id: 'sets',
            header: 'Sets',
            cell: (rule) => fieldsSet(rule.metadata, rule.titleTemplate),
          },
          {
            id: 'pages',
            header: 'Pages matched',
            cell: (rule) => rule.pageCount.toLocaleString('en'),
          },
        ]}
      />
      {data.items.length > 0 ? (
        <p className="muted small">
          {data.items.length} of at most {data.limit} rules.
        </p>
      ) : null}
    </div>
  )
}
