export { UserMenu, type UserMenuOrganization, type UserMenuProps } from './user-menu.tsx'
