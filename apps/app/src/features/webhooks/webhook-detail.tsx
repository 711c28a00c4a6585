import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CodeBlock,
  ConfirmDialog,
  toast,
  type WebhookCall,
  type WebhookCallFilter,
  WebhookHistory,
} from '@headmark/ui'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { DangerConfirm } from '~/components/danger-zone.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { webhookCallsQuery, webhookQuery, webhookSecretQuery } from './queries.ts'
import { useWebhookLive } from './use-webhook-live.ts'
import {
  disabledReasonText,
  isPaused,
  LastCallBadge,
  WebhookStateBadge,
} from './webhook-status.tsx'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

interface Props {
  organizationSlug: string
  siteHostname: string
  webhookId: string
}

/**
 * A webhook's page: its facts, Pause/Resume, its secret, a test event and its live call history.
 */
export function WebhookDetail({ organizationSlug, siteHostname, webhookId }: Props) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const live = useWebhookLive(organizationSlug, webhookId)
  const { data: hook } = useSuspenseQuery({
    ...webhookQuery(organizationSlug, webhookId),
    // When the live stream is down, the page keeps itself current by asking again.
    refetchInterval: live ? false : 10_000,
  })
  const canManage = organization.role !== 'member'
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() })

  const enable = useMutation({
    ...orpc.webhooks.update.mutationOptions(),
    onSuccess: async () => {
      await refresh()
      toast.success('Webhook enabled: new changes will be sent to it.')
    },
  })
  const pause = useMutation({
    ...orpc.webhooks.update.mutationOptions(),
    onSuccess: async (updated) => {
      await refresh()
      toast.success(
        updated.enabled
          ? 'Webhook resumed: what waited is being sent, and new changes are sent again.'
          : 'Webhook paused: nothing new is queued, and what waits stays until you resume it.',
      )
    },
  })
  const paused = isPaused(hook)
  const sendTest = useMutation({
    ...orpc.webhooks.sendTest.mutationOptions(),
    onSuccess: () =>
      toast.success(
        paused
          ? 'Test event queued: it is sent when the webhook is resumed.'
          : 'Test event queued: it appears in the history below.',
      ),
  })

  return (
    <div className="stack-lg webhook-page">
      <div className="page-heading">
        <h1 className="webhook-title">{hook.url}</h1>
        <WebhookStateBadge hook={hook} />
      </div>

      {paused ? (
        <Alert
          tone="info"
          title="Paused: nothing new is queued for this webhook."
          action={
            canManage ? (
              <Button
                variant="primary"
                size="sm"
                loading={pause.isPending}
                onClick={() => pause.mutate({ organizationSlug, webhookId, enabled: true })}
              >
                Resume
              </Button>
            ) : null
          }
        >
          {hook.queuedAttempts === 0
            ? 'Changes made while it is paused are not sent, now or later.'
            : `${hook.queuedAttempts.toLocaleString()} ${hook.queuedAttempts === 1 ? 'attempt waits' : 'attempts wait'} and ${hook.queuedAttempts === 1 ? 'goes' : 'go'} out when it is resumed; changes made while it is paused are not sent.`}
          {canManage ? null : ' Owners and admins can resume it.'}
        </Alert>
      ) : !hook.enabled ? (
        <Alert
          tone="warning"
          title={disabledReasonText(hook.disabledReason)}
          action={
            canManage ? (
              <Button
                variant="primary"
                size="sm"
                loading={enable.isPending}
                onClick={() => enable.mutate({ organizationSlug, webhookId, enabled: true })}
              >
                Enable webhook
              </Button>
            ) : null
          }
        >
          Enabling it sends only new changes; earlier ones can be redelivered from the history.
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>About this webhook</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="facts">
            <dt>Site</dt>
            <dd>{siteHostname}</dd>
            {hook.description ? (
              <>
                <dt>Description</dt>
                <dd>{hook.description}</dd>
              </>
            ) : null}
            <dt>Signing</dt>
            <dd>
              {hook.legacyBearer
                ? 'Signatures, and the secret as a bearer token (legacy mode)'
                : 'Signatures only'}
            </dd>
            <dt>Rate</dt>
            <dd>
              {hook.throttle === null
                ? 'As fast as it answers'
                : `At most ${hook.throttle.toLocaleString()} per second`}
            </dd>
            <dt>Waiting to be sent</dt>
            <dd>
              {hook.queuedAttempts === 0
                ? 'Nothing'
                : `${hook.queuedAttempts.toLocaleString()} ${hook.queuedAttempts === 1 ? 'attempt' : 'attempts'}${
                    paused
                      ? ', sent when it is resumed'
                      : hook.nextAttemptAt
                        ? `, the next at ${dateFormat.format(hook.nextAttemptAt)}`
                        : ''
                  }`}
            </dd>
            <dt>Last call</dt>
            <dd>
              <LastCallBadge call={hook.lastCall} />
            </dd>
            <dt>Failures in a row</dt>
            <dd>
              {hook.failureStreak}
              {hook.failingSince ? ` (failing since ${dateFormat.format(hook.failingSince)})` : ''}
            </dd>
            <dt>Created</dt>
            <dd>{dateFormat.format(hook.createdAt)}</dd>
          </dl>
          {canManage ? (
            <div className="button-row">
              <Button
                loading={sendTest.isPending}
                onClick={() => sendTest.mutate({ organizationSlug, webhookId })}
              >
                Send test event
              </Button>
              {hook.enabled ? (
                <Button
                  variant="secondary"
                  loading={pause.isPending}
                  onClick={() => pause.mutate({ organizationSlug, webhookId, enabled: false })}
                >
                  Pause
                </Button>
              ) : null}
              <Button asChild variant="secondary">
                <Link
                  to="/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId/edit"
                  params={{ organizationSlug, siteHostname, webhookId }}
                >
                  Edit
                </Link>
              </Button>
              <DeleteWebhook {...{ organizationSlug, siteHostname, webhookId }} />
            </div>
          ) : null}
        </CardContent>
      </Card>

      {canManage ? (
        <SecretCard
          organizationSlug={organizationSlug}
          webhookId={webhookId}
          previousSecretExpiresAt={hook.previousSecretExpiresAt}
        />
      ) : null}

      <section className="stack" aria-labelledby="history-heading">
        <div className="page-heading">
          <h2 id="history-heading">History</h2>
          <span className="muted live-state" aria-live="polite">
            {live ? 'Live' : 'Reconnecting… refreshing every 10 seconds'}
          </span>
        </div>
        <CallHistory
          organizationSlug={organizationSlug}
          webhookId={webhookId}
          canManage={canManage}
          live={live}
        />
      </section>
    </div>
  )
}

function SecretCard({
  organizationSlug,
  webhookId,
  previousSecretExpiresAt,
}: {
  organizationSlug: string
  webhookId: string
  previousSecretExpiresAt: Date | null
}) {
  const queryClient = useQueryClient()
  const [shown, setShown] = useState(false)
  const secret = useQuery({ ...webhookSecretQuery(organizationSlug, webhookId), enabled: shown })
  const rotate = useInlineMutation(
    orpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: async () => {
        setShown(true)
        await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() })
        toast.success('New secret created. The previous one keeps signing for 24 hours.')
      },
    }),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signing secret</CardTitle>
      </CardHeader>
      <CardContent className="stack">
        <p className="muted">
          Receivers verify each request with this secret (for example with @headmark/metadata's
          createWebhookHandler).
        </p>
        {shown && secret.data ? (
          <CodeBlock code={secret.data.secret} label="Secret" copyLabel="Copy secret" />
        ) : (
          <p className="secret-mask" aria-label="Secret hidden">
            whsec_••••••••••••••••••••••••
          </p>
        )}
        {secret.isError ? (
          <Alert tone="danger" live="assertive">
            {secret.error.message}
          </Alert>
        ) : null}
        {previousSecretExpiresAt ? (
          <p className="muted">
            The previous secret also signs until {dateFormat.format(previousSecretExpiresAt)}.
          </p>
        ) : null}
        <div className="button-row">
          <Button
            variant="secondary"
            loading={shown && secret.isFetching}
            onClick={() => setShown(!shown)}
          >
            {shown ? 'Hide secret' : 'Reveal secret'}
          </Button>
          <ConfirmDialog
            trigger={<Button variant="secondary">Rotate secret</Button>}
            title="Rotate the secret?"
            description="A new secret signs from now on. The current one keeps signing beside it for 24 hours, so receivers can switch without losing a delivery."
            confirmLabel="Rotate secret"
            errorMessage={errorText}
            onConfirm={() => rotate.mutateAsync({ organizationSlug, webhookId })}
          />
        </div>
      </CardContent>
    </Card>
  )
}

function DeleteWebhook({ organizationSlug, siteHostname, webhookId }: Props) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useInlineMutation(
    orpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        await navigate({
          to: '/app/organizations/$organizationSlug/sites/$siteHostname/webhooks',
          params: { organizationSlug, siteHostname },
        })
        await queryClient.invalidateQueries({ queryKey: orpc.webhooks.key() })
        toast.success('Webhook deleted.')
      },
    }),
  )
  return (
    <DangerConfirm
      trigger={<Button variant="danger">Delete</Button>}
      title="Delete this webhook?"
      description="Nothing more is sent to it, and its history is deleted with it."
      confirmLabel="Delete webhook"
      onConfirm={() => remove.mutateAsync({ organizationSlug, webhookId })}
    />
  )
}

function CallHistory({
  organizationSlug,
  webhookId,
  canManage,
  live,
}: {
  organizationSlug: string
  webhookId: string
  canManage: boolean
  live: boolean
}) {
  const [filter, setFilter] = useState<WebhookCallFilter>('all')
  // The cursor each page starts at: page 1 starts at the newest call.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined])
  const page = cursors.length
  const calls = useQuery({
    ...webhookCallsQuery(organizationSlug, webhookId, filter, cursors.at(-1)),
    refetchInterval: live ? false : 10_000,
    placeholderData: (previous) => previous,
  })
  const redeliver = useMutation({
    ...orpc.webhookCalls.redeliver.mutationOptions(),
    onSuccess: () => toast.success('Redelivery queued: it appears at the top of the history.'),
  })
  const items: WebhookCall[] = (calls.data?.items ?? []).map((call) => ({
    id: call.id,
    createdAt: call.createdAt,
    eventType: call.eventType,
    status: call.status,
    ...(call.networkError ? { networkError: call.networkError } : {}),
    durationMs: call.durationMs,
    attempt: call.attempt,
    maxAttempts: call.maxAttempts,
    trigger: call.trigger === 'automatic' ? 'automatic' : 'manual',
    request: call.request,
    response: call.response
      ? { body: call.response.body, truncated: call.response.truncated }
      : null,
  }))
  return (
    <WebhookHistory
      calls={items}
      filter={filter}
      onFilterChange={(next) => {
        setFilter(next)
        setCursors([undefined])
      }}
      page={page}
      hasNextPage={Boolean(calls.data?.nextCursor)}
      onPageChange={(next) => {
        if (next > page && calls.data?.nextCursor) setCursors([...cursors, calls.data.nextCursor])
        else if (next < page) setCursors(cursors.slice(0, next))
      }}
      loading={calls.isPending}
      error={calls.isError ? calls.error.message : undefined}
      onRetry={() => void calls.refetch()}
      queued={calls.data?.queued ?? []}
      {...(calls.data ? { queuedTotal: calls.data.queuedTotal } : {})}
      {...(canManage
        ? {
            onRedeliver: (call: WebhookCall) =>
              redeliver.mutate({ organizationSlug, webhookCallId: call.id }),
            redeliveringId: redeliver.isPending
              ? (redeliver.variables?.webhookCallId ?? null)
              : null,
          }
        : {})}
    />
  )
}
