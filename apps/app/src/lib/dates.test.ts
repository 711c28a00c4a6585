import { describe, expect, it } from 'vitest'
import { relativeTime } from './dates.tsx'

const now = Date.parse('2026-11-27T12:00:00Z')
const ago = (seconds: number) => new Date(now - seconds * 1000)

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    // A moment slightly ahead of a clock that ticked a while ago.
    [-10, 'just now'],
    [60, '1 minute ago'],
    [150, '2 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [30 * 3600, 'yesterday'],
    [9 * 24 * 3600, 'last week'],
    [400 * 24 * 3600, 'last year'],
  ])('%i seconds ago reads “%s”', (seconds, text) => {
    expect(relativeTime(ago(seconds), now)).toBe(text)
  })
})
