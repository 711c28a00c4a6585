import { render, screen } from '@testing-library/react'
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
})
