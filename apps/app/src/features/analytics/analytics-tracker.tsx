import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { SessionUser } from '~/lib/session.ts'
import { afterInteractive } from '~/lib/after-interactive.ts'
import { capturePageview, identifyUser, startAnalytics } from './analytics.ts'

/** Starts analytics after the page is interactive, identifies the user and counts page views. */
export function AnalyticsTracker({ user }: { user: SessionUser | undefined }) {
  const router = useRouter()

  // Identify first, so that the page view of the page the user lands on is theirs.
  const id = user?.id
  const email = user?.email
  const name = user?.name
  useEffect(() => {
    if (id && email !== undefined && name !== undefined) identifyUser({ id, email, name })
  }, [id, email, name])

  useEffect(() => {
    let last = ''
    const pageview = () => {
      const href = router.state.location.href
      if (href === last) return
      last = href
      capturePageview()
    }
    pageview()
    const unsubscribe = router.subscribe('onResolved', pageview)
    const cancel = afterInteractive(startAnalytics)
    return () => {
      unsubscribe()
      cancel()
    }
  }, [router])

  return null
}
