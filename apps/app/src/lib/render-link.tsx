import type { RenderLink } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** Lets the design system's crumbs and menus navigate with the app's router. */
export const renderRouterLink: RenderLink = ({ href, children, ...props }) => (
  <Link to={href} {...props}>
    {children}
  </Link>
)
