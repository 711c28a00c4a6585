import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ListSkeleton } from './list-skeleton.tsx'

describe('ListSkeleton', () => {
  it('is one busy status region, named, with the shapes of a heading and the rows', () => {
    render(<ListSkeleton label="Loading sites" rows={5} />)
    const region = screen.getByRole('status', { name: 'Loading sites' })
    expect(region.getAttribute('aria-busy')).toBe('true')
    expect(region.querySelectorAll('.hm-list-skeleton__row')).toHaveLength(5)
    expect(region.querySelector('.hm-list-skeleton__heading')).not.toBeNull()
    // The shapes say nothing to assistive tech.
    for (const shape of region.querySelectorAll('.hm-skeleton')) {
      expect(shape.getAttribute('aria-hidden')).toBe('true')
    }
  })
})
