import { describe, expect, it } from 'vitest'
import { meterLevel, quotaAlerts } from './meters.ts'
import type { Usage } from './queries.ts'

const usage = (overrides: Partial<Usage> = {}): Usage => ({
  plan: null,
  quotaPlan: { id: 'free', name: 'Free' },
  period: { start: new Date('2026-11-01'), end: new Date('2026-12-01'), kind: 'calendar-month' },
  cancelAtPeriodEnd: false,
  sites: { used: 0, limit: 1 },
  pages: { used: 0, limitPerSite: 50 },
  perSite: [],
  apiCalls: { used: 0, limit: 50_000, perDay: [] },
  webhookDeliveries: { used: 0, limit: null },
  members: { used: 1, limit: null },
  ...overrides,
})

describe('meters', () => {
  it('is near from 90 %, full at the limit, and never full without a limit', () => {
    expect(meterLevel(89, 100)).toBe('ok')
    expect(meterLevel(90, 100)).toBe('near')
    expect(meterLevel(100, 100)).toBe('full')
    expect(meterLevel(120, 100)).toBe('full')
    expect(meterLevel(10 ** 9, null)).toBe('unlimited')
  })

  it('lists the full quotas first, then the nearly full ones', () => {
    const alerts = quotaAlerts(
      usage({
        sites: { used: 1, limit: 1 },
        perSite: [
          {
            name: 'Blog',
            hostname: 'blog.acme.com',
            pages: { used: 46, limit: 50 },
            webhooks: { used: 0, limit: 1 },
          },
        ],
        apiCalls: { used: 60_000, limit: 50_000, perDay: [] },
      }),
    )
    expect(alerts).toEqual([
      { level: 'full', text: 'Sites: 1 of 1' },
      { level: 'full', text: 'API calls this period: 60,000 of 50,000' },
      { level: 'near', text: 'Pages of blog.acme.com: 46 of 50' },
    ])
    expect(quotaAlerts(usage())).toEqual([])
  })
})
