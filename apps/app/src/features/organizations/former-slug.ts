import type { QueryClient } from '@tanstack/react-query'
import { currentSlugQuery } from './queries.ts'

/**
 * The address to go to when `/app/organizations/<slug>/…` names no organization of the user's:
 * the same page under the organization's current slug when `slug` is one it had before, or null.
 * Strangers (and slugs another organization now uses) get null, as for any unknown slug.
 *
 * @example
 * await addressAfterSlugChange(queryClient, 'acme', { pathname: '/app/organizations/acme/settings', searchStr: '', hash: '' })
 * // '/app/organizations/acme-ltd/settings'
 */
export async function addressAfterSlugChange(
  queryClient: QueryClient,
  slug: string,
  location: { pathname: string; searchStr: string; hash: string },
): Promise<string | null> {
  let current: string
  try {
    current = (await queryClient.fetchQuery(currentSlugQuery(slug))).slug
  } catch {
    return null
  }
  // ['', 'app', 'organizations', '<slug>', …the rest of the page's path]
  const segments = location.pathname.split('/')
  segments[3] = encodeURIComponent(current)
  return `${segments.join('/')}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`
}
