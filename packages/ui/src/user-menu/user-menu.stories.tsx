import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { DropdownMenuItem } from '../dropdown-menu/dropdown-menu.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { UserMenu } from './user-menu.tsx'

const meta = {
  title: 'Navigation/UserMenu',
  component: UserMenu,
  args: { name: 'Ada Lovelace', email: 'ada@acme.example', signOutHref: '#/sign-out' },
} satisfies Meta<typeof UserMenu>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ada Lovelace/ }))
    const menu = within(document.body).getByRole('menu')
    await waitFor(() => expect(within(menu).getByText('ada@acme.example')).toBeVisible())
    const signOut = within(menu).getByRole('menuitem', { name: 'Sign Out' })
    await expect(signOut).toHaveAttribute('href', '#/sign-out')
    await userEvent.keyboard('{Escape}')
  },
}

export const Open: Story = { args: { defaultOpen: true } }

export const WithItems: Story = {
  args: {
    defaultOpen: true,
    children: <DropdownMenuItem>Account settings</DropdownMenuItem>,
    renderLink: ({ href, ...props }) => <a href={href} data-router-link="" {...props} />,
  },
}

const organizations = [
  { key: 'acme', name: 'Acme Rockets', href: '#/app/organizations/acme', current: true },
  { key: 'globex', name: 'Globex Corporation', href: '#/app/organizations/globex' },
  {
    key: 'initech',
    name: 'Initech, a rather long organization name that has to be shortened',
    href: '#/app/organizations/initech',
  },
]

/** The organization switcher: the user's organizations, the current one marked. */
export const WithOrganizations: Story = {
  args: { organizations, createOrganizationHref: '#/app/organizations/create' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ada Lovelace/ }))
    const menu = within(document.body).getByRole('menu')
    const group = await within(menu).findByRole('group', { name: 'Organizations' })
    const current = within(group).getByRole('menuitem', { name: 'Acme Rockets' })
    await expect(current).toHaveAttribute('aria-current', 'page')
    await expect(
      within(group).getByRole('menuitem', { name: 'Globex Corporation' }),
    ).not.toHaveAttribute('aria-current')
    await expect(
      within(group).getByRole('menuitem', { name: /Create organization/ }),
    ).toHaveAttribute('href', '#/app/organizations/create')
    await userEvent.keyboard('{Escape}')
  },
}

export const WithOrganizationsOpen: Story = {
  args: { organizations, defaultOpen: true },
}

export const WithOrganizationsDark: Story = {
  ...dark,
  args: { organizations, defaultOpen: true },
}

export const WithOrganizationsNarrow: Story = {
  ...narrow,
  args: { organizations, defaultOpen: true },
}

export const LongRtl: Story = {
  ...rtl,
  args: {
    name: 'عائشة بنت عبد الرحمن الطويلة الاسم',
    email: 'aisha.abdulrahman.with.a.long.address@acme.example',
    signOutLabel: 'تسجيل الخروج',
    defaultOpen: true,
  },
}

export const Dark: Story = { ...dark, args: { defaultOpen: true } }

export const Narrow: Story = { ...narrow }
