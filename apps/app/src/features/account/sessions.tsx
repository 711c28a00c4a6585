import { Badge, Button, DataTable, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { DangerConfirm } from '~/components/danger-zone.tsx'
import { actionsColumn, RowAction, rowHeaderColumn } from '~/components/row-action.tsx'
import { dialogCall } from '~/features/auth/auth-call.ts'
import { loadAuthClient } from '~/lib/load-auth-client.ts'
import { Time } from '~/lib/dates.tsx'
import { describeAddress, describeDevice } from './device.ts'
import {
  type AccountOverview,
  type AccountSession,
  invalidateAccount,
  sessionToken,
} from './queries.ts'

/** Where the person is signed in: device, address, last seen; end one, or all but this one. */
export function SessionSettings({ account }: { account: AccountOverview }) {
  const queryClient = useQueryClient()
  const others = account.sessions.filter((session) => session.id !== account.currentSessionId)
  return (
    <div className="stack">
      <DataTable<AccountSession>
        label="Your sessions"
        rows={account.sessions}
        columns={[
          rowHeaderColumn('device', 'Device', (session: AccountSession) => (
            <span className="account-device">
              {describeDevice(session.userAgent)}
              {session.id === account.currentSessionId ? (
                <Badge tone="accent">This device</Badge>
              ) : null}
            </span>
          )),
          {
            id: 'address',
            header: 'Address',
            cell: (session) => <code>{describeAddress(session.ipAddress)}</code>,
          },
          {
            id: 'seen',
            header: 'Last seen',
            cell: (session) => <Time value={session.updatedAt} />,
          },
          actionsColumn((session: AccountSession) =>
            session.id === account.currentSessionId ? null : <EndSession session={session} />,
          ),
        ]}
        empty={{ title: 'No sessions', headingLevel: 3 }}
      />
      {others.length > 0 ? (
        <DangerConfirm
          trigger={
            <Button variant="secondary" className="justify-start">
              Sign out all other sessions
            </Button>
          }
          title="Sign out all other sessions?"
          description={`${others.length} other ${others.length === 1 ? 'session ends' : 'sessions end'}; this device stays signed in.`}
          confirmLabel="Sign out others"
          onConfirm={async () => {
            await dialogCall(loadAuthClient().then((auth) => auth.revokeOtherSessions()))
            toast.success('Your other sessions are signed out.')
            await invalidateAccount(queryClient)
          }}
        />
      ) : null}
    </div>
  )
}

function EndSession({ session }: { session: AccountSession }) {
  const queryClient = useQueryClient()
  const device = describeDevice(session.userAgent)
  return (
    <DangerConfirm
      trigger={
        <RowAction label="Sign out" of={`${device}, ${describeAddress(session.ipAddress)}`} />
      }
      title={`Sign out ${device}?`}
      description="That device’s next request finds it signed out."
      confirmLabel="Sign out session"
      onConfirm={async () => {
        await dialogCall(
          loadAuthClient().then(async (auth) =>
            auth.revokeSession({ token: await sessionToken(session.id) }),
          ),
        )
        toast.success(`${device} is signed out.`)
        await invalidateAccount(queryClient)
      }}
    />
  )
}
