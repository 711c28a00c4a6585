import { Button, EmptyState } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { routeErrorMessage } from '~/components/in-place-error.tsx'
import { orpc } from '~/lib/orpc.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { PlanCatalogue } from '~/features/plans/plan-catalogue.tsx'
import { OnboardingSteps } from './onboarding-steps.tsx'

/**
 * The plan step: the catalogue with a Choose button per plan for owners (the plan is the owners'
 * decision); other members see the plans and that an owner chooses.
 */
export function ChoosePlan({ organizationSlug }: { organizationSlug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const isOwner = organization.role === 'owner'

  const subscribe = useInlineMutation(
    orpc.billing.subscribe.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: async ({ checkoutUrl }) => {
        // A payment provider takes the owner to its checkout, which comes back to the success page.
        if (checkoutUrl) {
          window.location.assign(checkoutUrl)
          return
        }
        await queryClient.invalidateQueries({ queryKey: orpc.billing.key() })
        await navigate({
          to: '/app/organizations/$organizationSlug/onboarding/plan/success',
          params: { organizationSlug },
        })
      },
      onError: (failure) => setError(routeErrorMessage(failure)),
    }),
  )
  const choosing = subscribe.isPending || subscribe.isSuccess ? subscribe.variables?.planId : null

  return (
    <div className="onboarding">
      <OnboardingSteps current="plan" />
      <header className="onboarding-header">
        <h1>Choose a plan for {organization.name}</h1>
        <p className="lead">
          Every plan has every feature; plans differ in how much they hold. You can change the plan
          later.
        </p>
      </header>
      {isOwner ? null : (
        <EmptyState
          role="note"
          title="An owner chooses the plan"
          description={`Only an owner of ${organization.name} can choose its plan. Ask an owner to choose one; you can then add sites and edit pages.`}
        />
      )}
      <FormAlert message={error} />
      <PlanCatalogue
        action={
          isOwner
            ? (plan) => (
                <Button
                  variant="primary"
                  loading={choosing === plan.id}
                  disabled={choosing !== null && choosing !== undefined && choosing !== plan.id}
                  onClick={() => subscribe.mutate({ organizationSlug, planId: plan.id })}
                >
                  Choose {plan.name}
                </Button>
              )
            : undefined
        }
      />
    </div>
  )
}
