import { defineConfig } from 'vitest/config'

// Database tests (*.db.test.ts) run on PGlite always, and again on real PostgreSQL when
// TEST_DATABASE_URL is set. Workers keep one database open across test files (isolate: false)
// and tests reset it with TRUNCATE: see test/database.ts. Webhook delivery tests run queue
// workers against the database, so each of their files gets a database of its own (isolate: true).
const postgresUrl = process.env.TEST_DATABASE_URL
const webhookTests = 'src/webhooks/**/*.db.test.ts'

export default defineConfig({
  test: {
    isolate: false,
    silent: 'passed-only',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.db.test.ts', 'src/**/*.pg.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.db.test.ts'],
          exclude: [webhookTests],
          env: { HEADMARK_TEST_DATABASE: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite-webhooks',
          isolate: true,
          include: [webhookTests],
          env: { HEADMARK_TEST_DATABASE: 'pglite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                // *.pg.test.ts: several server processes on one database, which PGlite can not be.
                include: ['src/**/*.db.test.ts', 'src/**/*.pg.test.ts'],
                exclude: [webhookTests],
                env: { HEADMARK_TEST_DATABASE: 'postgres' },
                globalSetup: ['./test/postgres-global-setup.ts'],
              },
            },
            {
              extends: true as const,
              test: {
                name: 'postgres-webhooks',
                isolate: true,
                include: [webhookTests],
                env: { HEADMARK_TEST_DATABASE: 'postgres' },
                globalSetup: ['./test/postgres-global-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
})
