import { describe, expect, it } from 'vitest'
import { DEFAULT_PLAN_ID, fitsQuota, getPlan, plans } from './plans.ts'

describe('the plan catalogue', () => {
  it('starts with a free plan and gets dearer with every tier', () => {
    expect(plans[0]?.monthlyPriceUsd).toBe(0)
    expect(getPlan(DEFAULT_PLAN_ID).monthlyPriceUsd).toBe(0)
    for (let i = 1; i < plans.length; i++) {
      expect(plans[i]!.monthlyPriceUsd).toBeGreaterThan(plans[i - 1]!.monthlyPriceUsd)
    }
  })

  it('never gives a dearer plan less of anything', () => {
    const rank = (limit: number | null) => limit ?? Number.POSITIVE_INFINITY
    for (let i = 1; i < plans.length; i++) {
      for (const key of Object.keys(plans[i]!.quotas) as Array<
        keyof (typeof plans)[number]['quotas']
      >) {
        expect(rank(plans[i]!.quotas[key])).toBeGreaterThanOrEqual(rank(plans[i - 1]!.quotas[key]))
      }
    }
  })

  it('has unique ids and refuses an unknown one', () => {
    expect(new Set(plans.map((plan) => plan.id)).size).toBe(plans.length)
    expect(() => getPlan('gold' as never)).toThrow('Unknown plan "gold"')
  })

  it('counts quotas: null is unlimited', () => {
    expect(fitsQuota(1, 0)).toBe(true)
    expect(fitsQuota(1, 1)).toBe(false)
    expect(fitsQuota(null, 1_000_000)).toBe(true)
  })
})
