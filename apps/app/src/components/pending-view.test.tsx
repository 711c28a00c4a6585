import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PendingView } from './pending-view.tsx'

describe('the pending view of a loading screen', () => {
  it('shows the shape of a heading and a list in a busy status region, not a bare spinner', () => {
    const html = renderToString(<PendingView />)
    expect(html).toMatch(/role="status" aria-busy="true" aria-label="Loading"/)
    expect(html.match(/hm-list-skeleton__row"/g)).toHaveLength(4)
    expect(html).not.toContain('hm-spinner')
  })
})
