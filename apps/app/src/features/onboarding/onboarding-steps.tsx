const steps = [
  { id: 'plan', label: 'Choose a plan' },
  { id: 'site', label: 'Create your first site' },
  { id: 'install', label: 'Install & configure' },
] as const

export type OnboardingStep = (typeof steps)[number]['id']

/** Where the organization is in its onboarding: plan, then site, then install (spec §4). */
export function OnboardingSteps({ current }: { current: OnboardingStep }) {
  const index = steps.findIndex((step) => step.id === current)
  return (
    <ol className="onboarding-steps" aria-label="Onboarding steps">
      {steps.map((step, position) => (
        <li
          key={step.id}
          aria-current={position === index ? 'step' : undefined}
          data-state={position < index ? 'done' : position === index ? 'current' : 'next'}
        >
          <span className="onboarding-steps__number" aria-hidden="true">
            {position < index ? '✓' : position + 1}
          </span>
          <span>
            {step.label}
            {position < index ? <span className="hm-visually-hidden"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  )
}
