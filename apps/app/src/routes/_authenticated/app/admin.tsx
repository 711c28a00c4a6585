import { createFileRoute, notFound } from '@tanstack/react-router'
import { AdminPage } from '~/features/admin/admin-page.tsx'

/** Platform administration; everyone but platform admins gets the not-found page. */
export const Route = createFileRoute('/_authenticated/app/admin')({
  beforeLoad: ({ context }) => {
    if (!context.user?.platformAdmin) throw notFound()
    return { user: context.user }
  },
  staticData: { crumb: 'Platform admin' },
  head: () => ({
    meta: [{ title: 'Platform admin — Headmark' }, { name: 'robots', content: 'noindex' }],
  }),
  component: AdminRoute,
})

function AdminRoute() {
  const { user } = Route.useRouteContext()
  return <AdminPage currentUserId={user.id} />
}
