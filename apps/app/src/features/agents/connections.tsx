import { Badge, CodeBlock, DataTable, type QueryLike, toast } from '@headmark/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { DangerConfirm } from '~/components/danger-zone.tsx'
import { actionsColumn, RowAction, rowHeaderColumn } from '~/components/row-action.tsx'
import { Time } from '~/lib/dates.tsx'
import { mcpUrlQuery } from './mcp-url.ts'
import {
  type AgentConnection,
  agentConnectionsQuery,
  invalidateAgents,
  revokeConnection,
} from './queries.ts'
import { SCOPE_TEXT } from './scopes.ts'

export interface ConnectionsTableProps {
  /** The person's connections, as React Query holds them (loading, error, data). */
  query: QueryLike<readonly AgentConnection[]>
  /** The MCP server's address, for the empty state's instructions. */
  mcpUrl: string | undefined
  /** Ends a connection; a refusal is shown in the confirmation dialog. */
  onRevoke: (connection: AgentConnection) => Promise<void>
}

/** The sites a connection reaches: all of the organization's, or the chosen hostnames. */
export const sitesText = (connection: AgentConnection) =>
  connection.sites === null
    ? 'All sites'
    : connection.sites.map((site) => site.hostname).join(', ') || 'No site'

/**
 * The agents the person connected: client, organization, sites, scopes, when connected and last
 * used, and Revoke (after a confirmation). Without any, how to connect one.
 */
export function ConnectionsTable({ query, mcpUrl, onRevoke }: ConnectionsTableProps) {
  return (
    <DataTable<AgentConnection>
      label="Your connected agents"
      query={query}
      errorTitle="Your connected agents could not be loaded"
      columns={[
        rowHeaderColumn('client', 'Agent', (connection: AgentConnection) => (
          <span dir="auto">{connection.clientName}</span>
        )),
        {
          id: 'organization',
          header: 'Organization',
          cell: (connection) => <span dir="auto">{connection.organization.name}</span>,
        },
        {
          id: 'sites',
          header: 'Sites',
          cell: (connection) => <span className="agent-sites">{sitesText(connection)}</span>,
        },
        {
          id: 'scopes',
          header: 'May',
          cell: (connection) => (
            <span className="agent-scopes">
              {connection.scopes.map((scope) => (
                <Badge key={scope} tone={scope === 'propose' ? 'accent' : 'neutral'}>
                  {SCOPE_TEXT[scope]?.label ?? scope}
                </Badge>
              ))}
            </span>
          ),
        },
        {
          id: 'connected',
          header: 'Connected',
          cell: (connection) => <Time value={connection.createdAt} />,
        },
        {
          id: 'used',
          header: 'Last used',
          cell: (connection) =>
            connection.lastUsedAt ? <Time value={connection.lastUsedAt} /> : 'Never',
        },
        actionsColumn((connection: AgentConnection) => (
          <DangerConfirm
            trigger={
              <RowAction
                label="Revoke"
                of={`${connection.clientName}, ${connection.organization.name}`}
              />
            }
            title={`Revoke ${connection.clientName}?`}
            description={`It loses access to ${connection.organization.name} at once: its next call is refused. The change requests it opened stay, for people to review or close.`}
            confirmLabel="Revoke access"
            onConfirm={() => onRevoke(connection)}
          />
        )),
      ]}
      empty={{
        headingLevel: 3,
        title: 'No agents connected',
        description:
          'Add Headmark to your agent (Claude, Cursor, VS Code or any MCP client) as a remote MCP server at this address. When it signs in, you choose here the organization, the sites and what it may do; what it proposes waits for a person to approve.',
        action: mcpUrl ? (
          <CodeBlock code={mcpUrl} language="text" label="MCP server address" />
        ) : undefined,
      }}
    />
  )
}

/** The account screen's "Connected agents": the person's connections, read and revoked. */
export function ConnectedAgents() {
  const queryClient = useQueryClient()
  const connections = useQuery(agentConnectionsQuery())
  const { data: mcpUrl } = useQuery(mcpUrlQuery())
  return (
    <ConnectionsTable
      query={{
        status: connections.status,
        data: connections.data?.connections,
        error: connections.error,
        refetch: () => connections.refetch(),
      }}
      mcpUrl={mcpUrl}
      onRevoke={async (connection) => {
        await revokeConnection(connection.id)
        toast.success(`${connection.clientName} no longer has access.`)
        await invalidateAgents(queryClient)
      }}
    />
  )
}
