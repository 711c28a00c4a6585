export { UserMenu, type UserMenuProps } from './user-menu.tsx'
