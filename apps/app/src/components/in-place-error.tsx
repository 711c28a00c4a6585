import { Alert, Button } from '@headmark/ui'
import { ORPCError } from '@orpc/client'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { UNEXPECTED_ERROR_MESSAGE } from '~/lib/errors.ts'

/**
 * The message to show for a route's error: the server's own (oRPC's messages are written for
 * people; a server failure's is a generic one). After server rendering the browser receives the
 * same error as a plain Error with that message, so a plain Error's message is shown too; a
 * programming error (TypeError, …) is not.
 */
export function routeErrorMessage(error: unknown): string {
  if (error instanceof ORPCError && error.message) return error.message
  if (error instanceof Error && error.name === 'Error' && error.message) return error.message
  return UNEXPECTED_ERROR_MESSAGE
}

/** A route's error shown where its content would be. */
export function InPlaceError({ error, reset }: ErrorComponentProps) {
  return <CouldNotBeShown message={routeErrorMessage(error)} onRetry={reset} />
}

/** What could not be shown, and why, in place of the content; Try again calls `onRetry`. */
export function CouldNotBeShown({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      tone="danger"
      live="assertive"
      headingLevel={1}
      title="This could not be shown"
      action={<Button onClick={onRetry}>Try again</Button>}
    >
      {message}
    </Alert>
  )
}
