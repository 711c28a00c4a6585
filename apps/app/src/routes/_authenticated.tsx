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
  component: Outlet,
})
