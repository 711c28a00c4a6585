import type { SessionUser } from '../lib/session.ts'

/**
 * Where the live-chat support widget mounts. It stays empty until a chat provider is
 * configured; the signed-in user's id, e-mail and name are exposed for it to pick up.
 */
export function ChatWidgetSlot({ user }: { user: SessionUser | undefined }) {
  return (
    <div
      id="chat-widget"
      className="chat-widget-slot"
      data-user-id={user?.id}
      data-user-email={user?.email}
      data-user-name={user?.name}
    />
  )
}
