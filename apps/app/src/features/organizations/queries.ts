import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

export const ORGANIZATION_STALE_TIME_MS = 60_000

/** The organizations the signed-in person belongs to. */
export const organizationsQuery = () => orpc.auth.getOrganizations.queryOptions()

/** One organization by slug, with the caller's role. */
export const organizationQuery = (organizationSlug: string) =>
  orpc.auth.getOrganization.queryOptions({
    input: { organizationSlug },
    staleTime: ORGANIZATION_STALE_TIME_MS,
  })

/** An organization as `auth.getOrganization` returns it, with the caller's role. */
export type Organization = Awaited<ReturnType<RpcClient['auth']['getOrganization']>>

/** A free slug made from an organization's name, for the create form to suggest. */
export const slugSuggestionQuery = (name: string) =>
  orpc.organizations.suggestSlug.queryOptions({ input: { name } })

/** Where a former slug of one of the user's organizations leads now (NOT_FOUND otherwise). */
export const currentSlugQuery = (organizationSlug: string) =>
  orpc.organizations.getCurrentSlug.queryOptions({
    input: { organizationSlug },
    retry: false,
    staleTime: 0,
  })

/**
 * After an organization changed its name or slug, or was deleted: the user's list of
 * organizations (dashboard, switcher) and the organization itself are read again.
 */
export async function invalidateOrganizations(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orpc.auth.getOrganizations.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.auth.getOrganization.key() }),
  ])
}

/** Drops everything cached under an organization's slug (it moved, or it is gone). */
export function forgetOrganizationSlug(queryClient: QueryClient, organizationSlug: string): void {
  queryClient.removeQueries({
    predicate: (query) => {
      const input = (query.queryKey[1] as { input?: { organizationSlug?: unknown } } | undefined)
        ?.input
      return input?.organizationSlug === organizationSlug
    },
  })
}
