// The signed-in user's menu, in a chunk of its own: its dropdown (Radix, Floating UI) is not
// loaded for visitors.
export { UserMenu as default } from '@headmark/ui'
