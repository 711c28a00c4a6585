import { useNavigate } from '@tanstack/react-router'
import { CreateSiteForm } from '~/features/sites/create-site-form.tsx'
import { SiteSettingsRefused } from '~/features/sites/access.tsx'
import { OnboardingSteps } from './onboarding-steps.tsx'

/** The site step: the create-site form, continuing to the install step for the new site. */
export function FirstSite({
  organizationSlug,
  canManageSites,
}: {
  organizationSlug: string
  canManageSites: boolean
}) {
  const navigate = useNavigate()
  return (
    <div className="onboarding page-narrow">
      <OnboardingSteps current="site" />
      <header className="onboarding-header">
        <h1>Create your first site</h1>
        <p className="lead">
          A site is one hostname. Its pages get their own metadata on top of the site’s defaults.
        </p>
      </header>
      {canManageSites ? (
        <CreateSiteForm
          organizationSlug={organizationSlug}
          onCreated={async (site) => {
            await navigate({
              to: '/app/organizations/$organizationSlug/onboarding/install',
              params: { organizationSlug },
              search: { siteHostname: site.hostname },
            })
          }}
        />
      ) : (
        <SiteSettingsRefused organizationSlug={organizationSlug} what="add sites" />
      )}
    </div>
  )
}
