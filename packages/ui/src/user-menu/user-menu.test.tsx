import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { UserMenu } from './user-menu.tsx'

describe('UserMenu', () => {
  it('shows who is signed in and links to sign-out through the app’s router link', async () => {
    render(
      <UserMenu
        name="Ada Lovelace"
        email="ada@acme.example"
        renderLink={({ href, ...props }) => <a data-router-to={href} href={href} {...props} />}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ }))
    expect(screen.getByText('ada@acme.example')).toBeTruthy()
    const signOut = screen.getByRole('menuitem', { name: 'Sign Out' })
    expect(signOut.getAttribute('data-router-to')).toBe('/sign-out')
  })

  it('lists the organizations with the current one marked, and links to creating one', async () => {
    render(
      <UserMenu
        name="Ada Lovelace"
        email="ada@acme.example"
        organizations={[
          { key: 'acme', name: 'Acme', href: '/app/organizations/acme', current: true },
          { key: 'globex', name: 'Globex', href: '/app/organizations/globex' },
        ]}
        renderLink={({ href, ...props }) => <a data-router-to={href} href={href} {...props} />}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ }))
    const group = screen.getByRole('group', { name: 'Organizations' })
    const items = within(group).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent?.trim())).toEqual([
      'Acme',
      'Globex',
      '+ Create organization',
    ])
    expect(items[0]?.getAttribute('aria-current')).toBe('page')
    expect(items[1]?.hasAttribute('aria-current')).toBe(false)
    expect(items[1]?.getAttribute('data-router-to')).toBe('/app/organizations/globex')
    expect(items[2]?.getAttribute('data-router-to')).toBe('/app/organizations/create')
  })

  it('shows no switcher without organizations', async () => {
    render(<UserMenu name="Ada Lovelace" email="ada@acme.example" />)
    await userEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ }))
    expect(screen.queryByRole('group', { name: 'Organizations' })).toBeNull()
  })
})
