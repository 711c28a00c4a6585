/**
 * Whether `pathname` is the organization's onboarding (`…/organizations/<slug>/onboarding` or
 * below), where an organization without a plan may go. Only whole segments count:
 * `/onboarding-notes` is not the onboarding.
 *
 * @example
 * isOnboardingPath('/app/organizations/acme/onboarding/plan', 'acme') // true
 * isOnboardingPath('/app/organizations/acme/sites/new', 'acme') // false
 */
export function isOnboardingPath(pathname: string, organizationSlug: string): boolean {
  const prefix = `/app/organizations/${organizationSlug}/onboarding`
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/**
 * Whether `pathname` is the page a payment provider's checkout returns to. That page confirms
 * the plan, so the plan step's "already subscribed → next step" guard lets it through.
 */
export function isPlanSuccessPath(pathname: string): boolean {
  return /\/onboarding\/plan\/success\/?$/.test(pathname)
}

/** The install step's search params: `siteHostname` is required (spec §5), a non-empty string. */
export function validateInstallSearch(search: Record<string, unknown>): { siteHostname?: string } {
  const { siteHostname } = search
  return typeof siteHostname === 'string' && siteHostname.trim() !== ''
    ? { siteHostname: siteHostname.trim() }
    : {}
}
