import { setChatVisitor } from '~/features/chat/chat.ts'
import { resetAnalytics } from './analytics.ts'

/** On sign-out: analytics forgets the user and the chat's e-mail, name and id are cleared (spec §4). */
export function forgetVisitor(): void {
  resetAnalytics()
  setChatVisitor(null)
}
