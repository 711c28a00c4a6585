import { plans, type Plan } from '@headmark/api/shared'
import {
  Badge,
  BarChart,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { quotaRows } from '~/features/plans/plan-catalogue.tsx'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { OrganizationHeader } from '~/features/organizations/organization-header.tsx'
import { formatCount, meterLevel } from './meters.ts'
import { invalidateBilling, subscriptionQuery, usageQuery } from './queries.ts'

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const days = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

function formatQuota(value: number | null, unit?: string): string {
  if (value === null) return unit === 'days' ? 'Forever' : 'Unlimited'
  return unit ? `${formatCount(value)} ${unit}` : formatCount(value)
}

/** Where a change of plan or a cancellation continues (Stripe Checkout or its portal). */
function follow(url: string | null): boolean {
  if (!url) return false
  window.location.assign(url)
  return true
}

/**
 * The billing page: the plan and its period, what the organization uses against each quota,
 * API calls per day, and — for owners — the plans to change to and a way to cancel.
 */
export function BillingPage({ organizationSlug }: { organizationSlug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { data: usage } = useSuspenseQuery(usageQuery(organizationSlug))
  const { data: subscription } = useSuspenseQuery(subscriptionQuery(organizationSlug))
  const isOwner = organization.role === 'owner'
  const period = `${dates.format(usage.period.start)} – ${dates.format(new Date(usage.period.end.getTime() - 1))}`

  return (
    <div className="stack-lg billing-page">
      <OrganizationHeader organizationSlug={organizationSlug} />
      <section aria-labelledby="billing-plan" className="stack">
        <h2 id="billing-plan">Plan</h2>
        {usage.plan ? (
          <p className="lead">
            {organization.name} is on the <strong>{usage.plan.name}</strong> plan. This period:{' '}
            {period}
            {subscription?.cancelAtPeriodEnd
              ? `; the plan ends on ${dates.format(usage.period.end)}.`
              : '.'}
          </p>
        ) : (
          <p className="lead">
            {organization.name} has <strong>no plan</strong> yet. Until it chooses one, it gets the
            Free plan’s quotas. Usage is counted by calendar month: {period}.
          </p>
        )}
        {isOwner ? null : (
          <p className="muted" role="note">
            Only owners can change or cancel the plan. Ask an owner of {organization.name} if you
            need more.
          </p>
        )}
      </section>

      <section aria-labelledby="billing-usage" className="stack">
        <h2 id="billing-usage">Usage</h2>
        <ul className="billing-meters">
          <Meter label="Sites" used={usage.sites.used} limit={usage.sites.limit} />
          <Meter
            label="Pages"
            used={usage.pages.used}
            limit={null}
            note={
              usage.pages.limitPerSite === null
                ? 'Unlimited per site'
                : `Up to ${formatCount(usage.pages.limitPerSite)} per site`
            }
          />
          <Meter
            label="API calls this period"
            used={usage.apiCalls.used}
            limit={usage.apiCalls.limit}
            note="Never refused: your sites are served over the limit too."
          />
          <Meter
            label="Webhook deliveries this period"
            used={usage.webhookDeliveries.used}
            limit={usage.webhookDeliveries.limit}
          />
          <Meter label="Members" used={usage.members.used} limit={usage.members.limit} />
        </ul>
        <BarChart
          title="API calls per day"
          valueLabel="calls"
          labelHeading="Day"
          data={usage.apiCalls.perDay.map((day) => ({
            label: days.format(new Date(`${day.day}T00:00:00Z`)),
            value: day.count,
          }))}
          formatValue={formatCount}
          emptyMessage="No API calls yet this period."
        />
        {usage.perSite.length > 0 ? (
          <Table scrollLabel="Usage per site">
            <TableHeader>
              <TableRow>
                <TableHead>Site</TableHead>
                <TableHead>Pages</TableHead>
                <TableHead>Webhooks</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {usage.perSite.map((site) => (
                <TableRow key={site.hostname}>
                  <TableCell>
                    {site.name} <span className="muted mono">{site.hostname}</span>
                  </TableCell>
                  <TableCell>
                    <OfLimit used={site.pages.used} limit={site.pages.limit} />
                  </TableCell>
                  <TableCell>
                    <OfLimit used={site.webhooks.used} limit={site.webhooks.limit} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="muted">No sites yet: pages and webhooks are counted per site.</p>
        )}
      </section>

      <PlanChoice
        organizationSlug={organizationSlug}
        currentPlanId={usage.plan?.id ?? null}
        canChange={isOwner}
      />
      {isOwner && subscription && !subscription.cancelAtPeriodEnd ? (
        <CancelPlan
          organizationSlug={organizationSlug}
          planName={subscription.planName}
          stripe={subscription.provider === 'stripe'}
          periodEnd={subscription.periodEnd}
        />
      ) : null}
    </div>
  )
}

function OfLimit({ used, limit }: { used: number; limit: number | null }) {
  const level = meterLevel(used, limit)
  return (
    <span data-level={level}>
      {formatCount(used)} {limit === null ? '(unlimited)' : `of ${formatCount(limit)}`}
      {level === 'full' ? ' — full' : null}
    </span>
  )
}

function Meter({
  label,
  used,
  limit,
  note,
}: {
  label: string
  used: number
  limit: number | null
  note?: string
}) {
  const level = meterLevel(used, limit)
  const share = limit === null || limit === 0 ? 0 : Math.min(1, used / limit)
  return (
    <li className="billing-meter">
      <h3>{label}</h3>
      <p className="billing-meter-value">
        {formatCount(used)}{' '}
        <span>{limit === null ? (note ? '' : '· Unlimited') : `of ${formatCount(limit)}`}</span>
      </p>
      {limit === null ? null : (
        <div
          className="billing-bar"
          data-level={level}
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${formatCount(used)} of ${formatCount(limit)}`}
        >
          <span style={{ width: `${share * 100}%` }} />
        </div>
      )}
      {level === 'full' ? (
        <p className="billing-level" data-level="full">
          Limit reached
        </p>
      ) : level === 'near' ? (
        <p className="billing-level" data-level="near">
          {Math.floor(share * 100)} % used
        </p>
      ) : null}
      {note ? <p className="billing-meter-note">{note}</p> : null}
    </li>
  )
}

function PlanChoice({
  organizationSlug,
  currentPlanId,
  canChange,
}: {
  organizationSlug: string
  currentPlanId: Plan['id'] | null
  canChange: boolean
}) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const subscribe = useInlineMutation(
    orpc.billing.subscribe.mutationOptions({
      onMutate: () => {
        setError(null)
        setNotice(null)
      },
      onSuccess: async (answer, input) => {
        if (follow(answer.checkoutUrl)) return
        await invalidateBilling(queryClient)
        setNotice(`The ${plans.find((plan) => plan.id === input.planId)?.name} plan is active.`)
      },
      onError: (failure) => setError(errorText(failure)),
    }),
  )

  return (
    <section aria-labelledby="billing-plans" className="stack">
      <h2 id="billing-plans">{canChange ? 'Change plan' : 'Plans'}</h2>
      <FormAlert message={error} />
      {notice ? (
        <output className="form-notice" role="status">
          {notice}
        </output>
      ) : null}
      <ul className="billing-plans">
        {plans.map((plan) => {
          const current = plan.id === currentPlanId
          return (
            <li
              key={plan.id}
              className="billing-plan"
              data-current={current}
              aria-labelledby={`billing-plan-${plan.id}`}
            >
              <h3 id={`billing-plan-${plan.id}`}>
                {plan.name}
                {current ? <Badge tone="accent">Current plan</Badge> : null}
              </h3>
              <p className="billing-plan-price">
                ${plan.monthlyPriceUsd}
                <span> per month</span>
              </p>
              <p className="muted">{plan.summary}</p>
              <dl>
                {quotaRows.map((row) => (
                  <div key={row.key}>
                    <dt>{row.label}</dt>
                    <dd>{formatQuota(plan.quotas[row.key], row.unit)}</dd>
                  </div>
                ))}
              </dl>
              {canChange && !current ? (
                <Button
                  variant={currentPlanId === null ? 'primary' : 'secondary'}
                  loading={subscribe.isPending && subscribe.variables.planId === plan.id}
                  disabled={subscribe.isPending}
                  onClick={() => subscribe.mutate({ organizationSlug, planId: plan.id })}
                >
                  {currentPlanId === null ? `Choose ${plan.name}` : `Switch to ${plan.name}`}
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function CancelPlan({
  organizationSlug,
  planName,
  stripe,
  periodEnd,
}: {
  organizationSlug: string
  planName: string
  stripe: boolean
  periodEnd: Date | null
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const cancel = useInlineMutation(
    orpc.billing.cancel.mutationOptions({
      onSuccess: async (answer) => {
        if (follow(answer.url)) return
        setOpen(false)
        await invalidateBilling(queryClient)
        // Ended at once: without a plan the organization chooses one again (spec §2), as the
        // organization's guard would on the next navigation.
        if (answer.canceled) {
          toast.success(`The ${planName} plan is cancelled.`)
          await navigate({
            to: '/app/organizations/$organizationSlug/onboarding/plan',
            params: { organizationSlug },
            replace: true,
          })
        }
      },
      onError: (failure) => setError(errorText(failure)),
    }),
  )
  const consequence = stripe
    ? `Stripe asks you to confirm; the plan then ends${periodEnd ? ` on ${dates.format(periodEnd)}` : ' with the period already paid'}.`
    : 'The plan ends now. The organization keeps its sites and pages, gets the Free plan’s quotas and is asked to choose a plan again.'

  return (
    <section aria-labelledby="billing-cancel" className="danger-zone stack">
      <h2 id="billing-cancel">Cancel the plan</h2>
      <p className="muted">{consequence}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          setError(null)
        }}
      >
        <DialogTrigger asChild>
          <Button variant="danger" className="justify-start">
            Cancel {planName} plan
          </Button>
        </DialogTrigger>
        <DialogContent title={`Cancel the ${planName} plan?`} description={consequence}>
          <div className="form-stack">
            <FormAlert message={error} />
            <div className="dialog-actions">
              <DialogClose asChild>
                <Button>Keep the plan</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={cancel.isPending}
                onClick={() => cancel.mutate({ organizationSlug })}
              >
                Cancel plan
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  )
}
