import { Button, DataTable } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { rowHeaderColumn } from '~/components/row-action.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { type Webhook, webhooksQuery } from './queries.ts'
import { LastCallBadge, WebhookStateBadge } from './webhook-status.tsx'
import { SiteNav } from '~/features/sites/site-nav.tsx'

/** The webhooks of a site: URL, state (enabled, paused, disabled), the last call's status and the failure streak. */
export function WebhookList({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { data: webhooks } = useSuspenseQuery(webhooksQuery(organizationSlug, siteHostname))
  const canManage = organization.role !== 'member'
  const create = canManage ? (
    <Button asChild variant="primary">
      <Link
        to="/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/new"
        params={{ organizationSlug, siteHostname }}
      >
        Create webhook
      </Link>
    </Button>
  ) : null

  return (
    <div className="stack-lg webhook-page">
      <div className="page-heading">
        <h1>Webhooks</h1>
        {webhooks.length > 0 ? create : null}
      </div>
      <SiteNav organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <p className="lead">
        Each change to the metadata of {siteHostname} is sent, signed, to these URLs.
      </p>
      <DataTable
        label="Webhooks"
        rows={webhooks}
        empty={{
          title: 'No webhooks yet',
          headingLevel: 2,
          description: canManage
            ? 'Add a URL on this site to be told, within a second, when its metadata changes.'
            : 'Owners and admins of the organization can add webhooks.',
          action: create,
        }}
        columns={[
          rowHeaderColumn(
            'url',
            'URL',
            (hook: Webhook) => (
              <>
                <Link
                  className="text-link"
                  to="/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId"
                  params={{ organizationSlug, siteHostname, webhookId: hook.id }}
                >
                  {hook.url}
                </Link>
                {hook.description ? <span className="muted"> — {hook.description}</span> : null}
              </>
            ),
            'webhook-url-cell',
          ),
          {
            id: 'state',
            header: 'State',
            cell: (hook) => <WebhookStateBadge hook={hook} />,
          },
          {
            id: 'last-call',
            header: 'Last call',
            cell: (hook) => <LastCallBadge call={hook.lastCall} />,
          },
          { id: 'failures', header: 'Failures in a row', cell: (hook) => hook.failureStreak },
        ]}
      />
    </div>
  )
}
