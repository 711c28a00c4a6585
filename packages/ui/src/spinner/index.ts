export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner.tsx'
