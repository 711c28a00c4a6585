import { createFileRoute, Outlet } from '@tanstack/react-router'

export const Route = createFileRoute('/_authenticated/app/organizations')({
  staticData: { crumb: 'Dashboard' },
  component: Outlet,
})
