// The rules the app shows in the browser as well as on the server: plans, hostnames, what a path
// serves, the contact form and every form's input schema. `@headmark/api/shared` — nothing here
// may import server code (a test checks the app's client bundle).
export * from '../billing/plans.ts'
export * from '../domain/hostnames.ts'
export * from '../domain/served-metadata.ts'
export * from '../domain/site-locales.ts'
export * from './contact.ts'
export * from './forms.ts'
export {
  type ColumnKind,
  TRANSFER_COLUMNS,
  TRANSFER_HEADER,
  type TransferColumn,
} from '../transfer/layout.ts'
