import { useEffect } from 'react'
import { afterInteractive } from '~/lib/after-interactive.ts'
import type { SessionUser } from '~/lib/session.ts'
import { loadChat, setChatVisitor } from './chat.ts'

/** The support chat: loaded once the page is interactive, told who the signed-in user is. */
export function ChatWidget({ user }: { user: SessionUser | undefined }) {
  useEffect(() => afterInteractive(loadChat), [])

  const id = user?.id
  const email = user?.email
  const name = user?.name
  useEffect(() => {
    setChatVisitor(id ? { id, email: email ?? '', name: name ?? '' } : null)
  }, [id, email, name])

  return null
}
