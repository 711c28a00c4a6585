import { Spinner } from '@headmark/ui'

export function PendingView() {
  return (
    <div className="pending-view">
      <Spinner label="Loading" />
    </div>
  )
}
