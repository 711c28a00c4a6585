import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` uses this file: it needs the schema, never a database connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
