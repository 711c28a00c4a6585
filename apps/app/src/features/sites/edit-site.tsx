import { Card, CardContent } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { SiteApiKeysSection } from '~/features/site-api-keys/site-api-keys-section.tsx'
import { DeleteSite } from './delete-site.tsx'
import { siteQuery } from './queries.ts'
import { SiteLocalesForm } from './site-locales-form.tsx'
import { SiteSettingsForm } from './site-settings-form.tsx'

/**
 * The site's settings screen, one section per concern: its settings, then the sections that
 * manage what belongs to it, then deleting it.
 */
export function EditSite({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  const { data: site } = useSuspenseQuery(siteQuery(organizationSlug, siteHostname))
  return (
    <div className="stack-lg page-medium">
      <h1>Edit {site.name}</h1>
      <Card>
        <CardContent>
          <h2 className="card-heading">Settings</h2>
          {/* Keyed by the stored values: a save elsewhere shows here fresh. */}
          <SiteSettingsForm
            key={site.updatedAt.toString()}
            organizationSlug={organizationSlug}
            site={site}
          />
        </CardContent>
      </Card>
      <SiteLocalesForm
        key={`locales-${site.updatedAt.toString()}`}
        organizationSlug={organizationSlug}
        site={site}
      />
      <SiteApiKeysSection organizationSlug={organizationSlug} siteHostname={site.hostname} />
      <DeleteSite organizationSlug={organizationSlug} site={site} />
    </div>
  )
}
