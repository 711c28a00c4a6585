// The database schema, one file per domain under schema/. Names are the product's words.
export * from './schema/auth.ts'
export * from './schema/billing.ts'
export * from './schema/change-sets.ts'
export * from './schema/dev-mailbox.ts'
export * from './schema/organizations.ts'
export * from './schema/sites.ts'
export * from './schema/usage.ts'
export * from './schema/webhooks.ts'
