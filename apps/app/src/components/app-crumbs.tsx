import { Crumbs } from '@headmark/ui'
import { useMatches } from '@tanstack/react-router'
import { renderRouterLink } from '~/lib/render-link.tsx'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The route's label in the crumb trail, when it does not depend on data. A loader may
     * return `crumb` (the label) and `crumbSearch` (search params the crumb's link keeps).
     */
    crumb?: string
  }
}

/**
 * A crumb's address: the route's path, plus the search params its loader named as part of what
 * it shows (e.g. a page's `path`), so that the crumb leads back to the same thing.
 */
export function crumbHref(pathname: string, search: unknown): string {
  if (!search || typeof search !== 'object') return pathname
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string') params.set(key, value)
  }
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** The crumb trail of the current app route: static labels, or labels a loader returned. */
export function AppCrumbs() {
  const matches = useMatches()
  const items = matches.flatMap((match) => {
    const data = match.loaderData as { crumb?: unknown; crumbSearch?: unknown } | undefined
    const label = typeof data?.crumb === 'string' ? data.crumb : match.staticData?.crumb
    return label ? [{ label, to: crumbHref(match.pathname, data?.crumbSearch) }] : []
  })
  if (items.length === 0) return null
  return <Crumbs items={items} renderLink={renderRouterLink} />
}
