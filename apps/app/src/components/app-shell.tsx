import { Toaster } from '@headmark/ui'
import { lazy, type ReactNode, Suspense } from 'react'
import { ImpersonationBanner } from '~/features/admin/impersonation-banner.tsx'
import { AnalyticsTracker } from '~/features/analytics/analytics-tracker.tsx'
import { ChatWidget } from '~/features/chat/chat-widget.tsx'
import type { SessionUser } from '~/lib/session.ts'
import { Footer } from './footer.tsx'
import { NavBar } from './nav-bar.tsx'

// Router and query devtools are development-only and never reach the production bundle.
const Devtools = import.meta.env.DEV ? lazy(() => import('./devtools.tsx')) : () => null

/** The root layout: navigation bar, main content, footer, chat widget, toasts and devtools. */
export function AppShell({
  user,
  children,
}: {
  user: SessionUser | undefined
  children: ReactNode
}) {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ImpersonationBanner user={user} />
      <NavBar user={user} />
      <main id="main" className="app-main">
        {children}
      </main>
      <Footer />
      <ChatWidget user={user} />
      <AnalyticsTracker user={user} />
      <Toaster />
      <Suspense fallback={null}>
        <Devtools />
      </Suspense>
    </div>
  )
}
