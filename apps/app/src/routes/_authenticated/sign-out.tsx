import { createFileRoute, redirect } from '@tanstack/react-router'
import { PendingView } from '~/components/pending-view.tsx'
import { forgetVisitor } from '~/features/analytics/forget-visitor.ts'

/** Signs out in the browser (the cookie is cleared by the auth service), then goes home. */
export const Route = createFileRoute('/_authenticated/sign-out')({
  ssr: false,
  loader: async ({ context }) => {
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
    context.queryClient.clear()
    throw redirect({ to: '/' })
  },
  component: PendingView,
})
