import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

/** Pages for visitors only: a signed-in user goes to the app. */
export const Route = createFileRoute('/_unauthenticated')({
  beforeLoad: ({ context }) => {
    if (context.user) throw redirect({ to: '/app' })
  },
  component: Outlet,
})
