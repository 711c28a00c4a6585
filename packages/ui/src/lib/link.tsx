import type { ReactElement, ReactNode } from 'react'

/** What the system hands to a link renderer: map `href` to your router's `to`. */
export interface LinkRenderProps {
  href: string
  children: ReactNode
  className?: string
  'aria-current'?: 'page'
}

/**
 * Lets the app render its router's link wherever the system needs a link (crumbs, user menu),
 * so the system stays router-agnostic. The returned element must spread the props it receives
 * and forward its ref.
 *
 * @example
 * const renderLink: RenderLink = ({ href, ...props }) => <Link to={href} {...props} />
 */
export type RenderLink = (props: LinkRenderProps) => ReactElement

export const renderAnchor: RenderLink = ({ href, children, ...props }) => (
  <a href={href} {...props}>
    {children}
  </a>
)
