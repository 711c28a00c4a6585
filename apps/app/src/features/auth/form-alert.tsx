import { MessageWithBillingLink } from '~/features/billing/quota-message.tsx'

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p className="form-alert" role="alert">
      <MessageWithBillingLink message={message} />
    </p>
  )
}

export function CheckInbox({ email, what }: { email: string; what: string }) {
  return (
    <output className="form-notice">
      Check your inbox: we sent {what} to <strong>{email}</strong>.
    </output>
  )
}
