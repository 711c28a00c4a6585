import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AppCrumbs } from '~/components/app-crumbs.tsx'

export const Route = createFileRoute('/_authenticated/app')({
  component: AppLayout,
})

function AppLayout() {
  return (
    <div className="page app-page">
      <AppCrumbs />
      <Outlet />
    </div>
  )
}
