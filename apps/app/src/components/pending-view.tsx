import { ListSkeleton } from '@headmark/ui'

/**
 * What a screen shows while its loader waits (after the router's pending delay): the shape of a
 * heading and a list, not a bare spinner, so the screen does not jump when its data arrives.
 */
export function PendingView() {
  return (
    <div className="pending-view">
      <ListSkeleton label="Loading" rows={4} />
    </div>
  )
}
