import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { PendingView } from '~/components/pending-view.tsx'
import { forgetVisitor } from '~/features/analytics/forget-visitor.ts'

/**
 * Signs out in the browser (the cookie is cleared by the auth service), then goes home. The work
 * runs when the page is shown, never in a loader: the router preloads a link's loader while the
 * pointer rests on it, and pointing at "Sign Out" must not sign anyone out.
 */
export const Route = createFileRoute('/_authenticated/sign-out')({
  ssr: false,
  component: SignOut,
})

function SignOut() {
  const { queryClient } = Route.useRouteContext()
  const router = useRouter()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      try {
        // Loaded here, not with the route: the route tree is in every page's bundle.
        const { authClient } = await import('~/lib/auth-client.ts')
        await authClient.signOut()
      } catch (error) {
        console.error(error)
      }
      forgetVisitor()
      // Everything cached belonged to the signed-in user: drop it, so that the next person to
      // sign in in this tab never sees it (nothing is refetched: those requests would answer 401).
      queryClient.clear()
      await router.navigate({ to: '/', replace: true })
    })()
  }, [queryClient, router])
  return <PendingView />
}
