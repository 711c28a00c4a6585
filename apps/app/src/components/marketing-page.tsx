import type { ReactNode } from 'react'

export function MarketingPage({
  title,
  lead,
  children,
}: {
  title: string
  lead: string
  children: ReactNode
}) {
  return (
    <article className="page page-narrow marketing-page">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </article>
  )
}
