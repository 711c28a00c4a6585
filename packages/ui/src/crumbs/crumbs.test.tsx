import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Crumbs } from './crumbs.tsx'

const trail = [
  { label: 'Dashboard', to: '/app' },
  { label: 'Acme', to: '/app/organizations/acme' },
  { label: 'acme.com', to: '/app/organizations/acme/sites/acme.com' },
  { label: 'Webhooks', to: '/app/organizations/acme/sites/acme.com/webhooks' },
  { label: 'History' },
]

describe('Crumbs', () => {
  it('is a named navigation landmark whose last crumb is the current page', () => {
    render(<Crumbs items={trail.slice(0, 2)} />)
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app',
      '/app/organizations/acme',
    ])
    expect(links[1]?.getAttribute('aria-current')).toBe('page')
    expect(links[0]?.hasAttribute('aria-current')).toBe(false)
  })

  it('keeps separators away from assistive tech', () => {
    render(<Crumbs items={trail.slice(0, 3)} />)
    const nav = screen.getByRole('navigation')
    const separators = Array.from(nav.querySelectorAll('.hm-crumbs__separator'))
    expect(separators).toHaveLength(2)
    for (const separator of separators) expect(separator.getAttribute('aria-hidden')).toBe('true')
  })

  it('collapses the middle of a long trail and expands it on request', async () => {
    render(<Crumbs items={trail} maxItems={4} />)
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dashboard',
      '/…',
      '/acme.com',
      '/Webhooks',
      '/History',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 more crumb' }))
    expect(screen.getByRole('link', { name: 'Acme' })).toBeTruthy()
    expect(screen.getByText('History').getAttribute('aria-current')).toBe('page')
  })

  it('renders links through the app router when given a renderLink', () => {
    render(
      <Crumbs
        items={trail.slice(0, 2)}
        renderLink={({ href, ...props }) => (
          <a data-router-to={href} href={`#${href}`} {...props} />
        )}
      />,
    )
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('data-router-to')).toBe(
      '/app',
    )
  })
})
