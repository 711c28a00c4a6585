import type { RenderLink } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** Lets the design system's crumbs and menus navigate with the app's router. */
export const renderRouterLink: RenderLink = ({ href, children, ...props }) => {
  // The router takes the search params apart from the path.
  const [to, query] = href.split('?', 2)
  // The design system knows no routes, so the search is not typed against one.
  const search = query ? { search: Object.fromEntries(new URLSearchParams(query)) as never } : {}
  return (
    <Link to={to} {...search} {...props}>
      {children}
    </Link>
  )
}
