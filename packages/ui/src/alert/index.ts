export { Alert, type AlertProps, type AlertTone } from './alert.tsx'
