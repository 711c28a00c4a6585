import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { redirectTarget } from '~/lib/redirect-target.ts'

/** Pages for visitors only: a signed-in user goes to the app, or to the page /get-started was
 * asked to return to. */
export const Route = createFileRoute('/_unauthenticated')({
  beforeLoad: ({ context, location }) => {
    if (context.user) {
      throw redirect({ href: redirectTarget((location.search as { redirect?: unknown }).redirect) })
    }
  },
  component: Outlet,
})
