import { Button } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { SessionUser } from '~/lib/session.ts'
import { sessionQuery } from '~/lib/session.ts'

/** Shown on every page while an admin is impersonating someone. */
export function ImpersonationBanner({ user }: { user: SessionUser | undefined }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const stop = useMutation({
    // The auth client loads only when it is needed: the banner is in every page's shell.
    mutationFn: async () => (await import('./admin-api.ts')).adminActions.stopImpersonating(),
    onSuccess: async () => {
      queryClient.removeQueries()
      await queryClient.fetchQuery(sessionQuery)
      await navigate({ to: '/app/admin' })
    },
  })
  if (!user?.impersonating) return null
  return (
    <div className="impersonation-banner" role="status">
      <span>
        You are signed in as <strong>{user.name}</strong> ({user.email}) by impersonation.
      </span>
      <Button size="sm" loading={stop.isPending} onClick={() => stop.mutate()}>
        Stop impersonating
      </Button>
    </div>
  )
}
