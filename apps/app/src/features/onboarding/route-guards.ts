import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { isErrorCode } from '../../lib/form-errors.ts'
import { sitesQuery } from '../sites/queries.ts'
import { isPlanSuccessPath } from './guards.ts'
import { subscriptionQuery } from './queries.ts'

/**
 * Refetches a query that a write invalidated since it was last read, so that a guard's
 * `ensureQueryData` after it does not decide on the old data (e.g. the empty site list from
 * before the first site was created, which would send the user back to onboarding).
 * `ensureQueryData` alone answers from the invalidated cache.
 */
export async function refreshIfInvalidated(
  queryClient: QueryClient,
  queryKey: QueryKey,
): Promise<void> {
  if (queryClient.getQueryState(queryKey)?.isInvalidated) {
    await queryClient.refetchQueries({ queryKey, exact: true })
  }
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
  const subscription = await unlessMissing(async () => {
    await refreshIfInvalidated(queryClient, subscriptionQuery(organizationSlug).queryKey)
    return queryClient.ensureQueryData(subscriptionQuery(organizationSlug))
  })
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
  const read = await unlessMissing(async () => {
    await Promise.all([
      refreshIfInvalidated(queryClient, subscriptionQuery(organizationSlug).queryKey),
      refreshIfInvalidated(queryClient, sitesQuery(organizationSlug).queryKey),
    ])
    return Promise.all([
      queryClient.ensureQueryData(subscriptionQuery(organizationSlug)),
      queryClient.ensureQueryData(sitesQuery(organizationSlug)),
    ])
  })
  if (!read) return
  const [subscription, sites] = read
  if (!subscription) {
    throw redirect({
      to: '/app/organizations/$organizationSlug/onboarding/plan',
      params: { organizationSlug },
    })
  }
  if (sites.length > 0) throw home(organizationSlug)
}

/** `onboarding/install` without the site it is about goes to the organization home (spec §2). */
export function guardInstallStep(organizationSlug: string, siteHostname: string | undefined) {
  if (!siteHostname) throw home(organizationSlug)
}
