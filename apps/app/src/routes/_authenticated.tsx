import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { DASHBOARD_PATH, safeRedirect } from '~/lib/redirect-target.ts'

/**
 * Everything under /app and /sign-out: a visitor who is not signed in goes to /get-started, which
 * brings them back to the page of the app they opened (an invitation's link, say) once signed in.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!context.user) {
      const back = location.pathname.startsWith(`${DASHBOARD_PATH}/`)
        ? safeRedirect(location.href)
        : undefined
      throw redirect({ to: '/get-started', search: back ? { redirect: back } : {} })
    }
    return { user: context.user }
  },
  // Painted before the app's JavaScript is fetched (lib/first-paint.ts): on a slow connection
  // the screen's text and stylesheets get the bandwidth first; a form sent before the app has
  // started is held and sent once it has (lib/early-submit.ts).
  staticData: { paintFirst: true },
  component: Outlet,
})
