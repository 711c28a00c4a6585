import { createFileRoute, redirect } from '@tanstack/react-router'
import { PendingView } from '../../components/pending-view.tsx'
import { authClient } from '../../lib/auth-client.ts'

/** Signs out in the browser (the cookie is cleared by the auth service), then goes home. */
export const Route = createFileRoute('/_authenticated/sign-out')({
  ssr: false,
  loader: async ({ context }) => {
    try {
      await authClient.signOut()
    } catch (error) {
      console.error(error)
    }
    await context.queryClient.invalidateQueries()
    throw redirect({ to: '/' })
  },
  component: PendingView,
})
