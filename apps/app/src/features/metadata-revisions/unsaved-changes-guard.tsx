import { Button, Dialog, DialogContent } from '@headmark/ui'
import { useBlocker } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/**
 * Asks before a navigation would leave unsaved changes behind: another page or screen, or
 * closing the tab. Switching tabs or opening a revision stays on this page and keeps the draft.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const dirtyRef = useRef(dirty)
  useEffect(() => {
    dirtyRef.current = dirty
  }, [dirty])

  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (!dirtyRef.current) return false
      const currentPath = (current.search as { path?: unknown }).path
      const nextPath = (next.search as { path?: unknown }).path
      return current.pathname !== next.pathname || currentPath !== nextPath
    },
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  })

  return (
    <Dialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.()
      }}
    >
      <DialogContent
        title="Leave without saving?"
        description={`Your changes to ${what} are not saved. If you leave now, they are lost.`}
        footer={
          <>
            <Button onClick={() => blocker.reset?.()}>Stay and keep editing</Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </>
        }
      />
    </Dialog>
  )
}
