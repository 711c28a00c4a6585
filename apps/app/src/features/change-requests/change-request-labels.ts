import type { ChangeRequestSummary } from './queries.ts'

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger'

/** A change request's state, as a badge says it. */
export function statusOf(status: ChangeRequestSummary['status']): { label: string; tone: Tone } {
  switch (status) {
    case 'open':
      return { label: 'Open', tone: 'accent' }
    case 'approved':
      return { label: 'Approved', tone: 'success' }
    case 'scheduled':
      return { label: 'Scheduled', tone: 'warning' }
    case 'published':
      return { label: 'Published', tone: 'neutral' }
    case 'closed':
      return { label: 'Closed', tone: 'neutral' }
  }
}
