export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button.tsx'
