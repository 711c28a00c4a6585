// @vitest-environment happy-dom
import { plans } from '@headmark/api/shared'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatQuota, PlanCatalogue } from './plan-catalogue.tsx'

afterEach(cleanup)

describe('the plan catalogue (/pricing and onboarding)', () => {
  it('shows every plan with its price and quotas, and an action only when given one', () => {
    const { rerender } = render(<PlanCatalogue />)
    const cards = screen.getAllByRole('listitem')
    expect(cards).toHaveLength(plans.length)
    const free = within(screen.getByRole('listitem', { name: 'Free' }))
    expect(free.getByText('$0')).toBeTruthy()
    expect(free.getByText('50,000')).toBeTruthy()
    expect(screen.queryAllByRole('button')).toHaveLength(0)

    rerender(<PlanCatalogue action={(plan) => <button type="button">Choose {plan.name}</button>} />)
    expect(
      within(screen.getByRole('listitem', { name: 'Business' })).getByRole('button', {
        name: 'Choose Business',
      }),
    ).toBeTruthy()
    expect(screen.getAllByRole('button')).toHaveLength(plans.length)
  })

  it.each([
    [1, undefined, '1'],
    [5_000_000, undefined, '5,000,000'],
    [null, undefined, 'Unlimited'],
    [30, 'days', '30 days'],
    [null, 'days', 'Forever'],
  ])('formats %j %s as %s', (value, unit, expected) => {
    expect(formatQuota(value, unit)).toBe(expected)
  })
})
