import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

/** Everything under /app and /sign-out: a visitor who is not signed in goes to /get-started. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context }) => {
    if (!context.user) throw redirect({ to: '/get-started' })
    return { user: context.user }
  },
  component: Outlet,
})
