export { type CheckedState, Checkbox, type CheckboxProps } from './checkbox.tsx'
