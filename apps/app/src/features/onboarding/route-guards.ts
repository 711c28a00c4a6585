import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { isErrorCode } from '~/lib/form-errors.ts'
import { sitesQuery } from '~/features/sites/queries.ts'
import { isPlanSuccessPath } from './guards.ts'
import { subscriptionQuery } from '~/features/billing/queries.ts'

// The guards read the query cache (no request on most navigations) and, before redirecting,
// ask the server again (`staleTime: 0`): the cache may hold an answer from before a write, e.g.
// the empty site list from before the first site was created, which would send the user back.

/** The organization's subscription as the server has it now (a guard's check before redirecting). */
export function freshSubscription(queryClient: QueryClient, organizationSlug: string) {
  return queryClient.fetchQuery({ ...subscriptionQuery(organizationSlug), staleTime: 0 })
}

/** The organization's subscription: from the cache, and from the server when it says none. */
async function currentSubscription(queryClient: QueryClient, organizationSlug: string) {
  const cached = await queryClient.ensureQueryData(subscriptionQuery(organizationSlug))
  return cached ?? freshSubscription(queryClient, organizationSlug)
}

/** How many sites the organization has: from the cache, or (`fresh`) from the server. */
async function siteCount(queryClient: QueryClient, organizationSlug: string, fresh: boolean) {
  const sites = fresh
    ? await queryClient.fetchQuery({ ...sitesQuery(organizationSlug), staleTime: 0 })
    : await queryClient.ensureQueryData(sitesQuery(organizationSlug))
  return sites.length
}

/** Whether the organization has no site, asked of the server when the cache says so. */
export async function hasNoSites(queryClient: QueryClient, organizationSlug: string) {
  return (
    (await siteCount(queryClient, organizationSlug, false)) === 0 &&
    (await siteCount(queryClient, organizationSlug, true)) === 0
  )
}

/**
 * Runs a guard's reads; an organization the user can not see (NOT_FOUND) is left to the
 * organization layout's loader, which sends the user back to the dashboard.
 */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (isErrorCode(error, 'NOT_FOUND')) return undefined
    throw error
  }
}

const home = (organizationSlug: string) =>
  redirect({ to: '/app/organizations/$organizationSlug', params: { organizationSlug } })

/** `onboarding/plan`: an organization that has a plan goes on to its first site (spec §2). */
export async function guardPlanStep(
  queryClient: QueryClient,
  organizationSlug: string,
  pathname: string,
): Promise<void> {
  if (isPlanSuccessPath(pathname)) return
  const subscription = await unlessMissing(() => freshSubscription(queryClient, organizationSlug))
  if (subscription) {
    throw redirect({
      to: '/app/organizations/$organizationSlug/onboarding/site',
      params: { organizationSlug },
    })
  }
}

/**
 * `onboarding/site`: needs a plan (otherwise the plan step); an organization that already has a
 * site goes to its home (spec §2).
 */
export async function guardSiteStep(
  queryClient: QueryClient,
  organizationSlug: string,
): Promise<void> {
  const read = await unlessMissing(() =>
    Promise.all([
      currentSubscription(queryClient, organizationSlug),
      siteCount(queryClient, organizationSlug, true),
    ]),
  )
  if (!read) return
  const [subscription, sites] = read
  if (!subscription) {
    throw redirect({
      to: '/app/organizations/$organizationSlug/onboarding/plan',
      params: { organizationSlug },
    })
  }
  if (sites > 0) throw home(organizationSlug)
}

/** `onboarding/install` without the site it is about goes to the organization home (spec §2). */
export function guardInstallStep(organizationSlug: string, siteHostname: string | undefined) {
  if (!siteHostname) throw home(organizationSlug)
}
