import { createFileRoute } from '@tanstack/react-router'
import auditStyles from '~/features/audit-log/audit-log.css?url'
import { AuditLogPage } from '~/features/audit-log/audit-log-page.tsx'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/audit')({
  staticData: { crumb: 'Audit log' },
  head: () => ({
    meta: [{ title: 'Audit log — Headmark' }],
    links: [{ rel: 'stylesheet', href: auditStyles }],
  }),
  component: AuditLogRoute,
})

function AuditLogRoute() {
  return <AuditLogPage organizationSlug={Route.useParams().organizationSlug} />
}
