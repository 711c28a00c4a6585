import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  OrganizationNav,
  organizationNavItems,
} from '~/features/organizations/organization-nav.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { CreateSiteForm } from '~/features/sites/create-site-form.tsx'
import { SiteSettingsRefused } from '~/features/sites/access.tsx'
import { OnboardingSteps } from './onboarding-steps.tsx'

/**
 * The site step: the create-site form, continuing to the install step for the new site. The
 * organization's tabs stay above it: an organization without sites lands here from its home, and
 * its members, settings and billing are one click away as on its other screens.
 */
export function FirstSite({
  organizationSlug,
  canManageSites,
}: {
  organizationSlug: string
  canManageSites: boolean
}) {
  const navigate = useNavigate()
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  return (
    <div className="onboarding">
      <OrganizationNav
        organizationSlug={organizationSlug}
        items={organizationNavItems(organization.role)}
      />
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
    </div>
  )
}
