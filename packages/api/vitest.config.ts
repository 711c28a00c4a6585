import { defineConfig } from 'vitest/config'

// Database tests (*.db.test.ts) run on PGlite always, and again on real PostgreSQL when
// TEST_DATABASE_URL is set. Workers keep one database open across test files (isolate: false)
// and tests reset it with TRUNCATE: see test/database.ts. Webhook delivery tests run queue
// workers against the database, so each of their files gets a database of its own (isolate: true).
//
// Two groups, one after the other. First the unit and database tests, two files at a time (each
// worker has a database of its own). Then, one file at a time, the tests that measure what
// several processes or timers do — webhook delivery, and *.pg.test.ts, several server processes
// on one PostgreSQL — so that no other test file competes with them for the machine.
const postgresUrl = process.env.TEST_DATABASE_URL
const webhookTests = 'src/webhooks/**/*.db.test.ts'
const parallel = { maxWorkers: 2, sequence: { groupOrder: 0 } }
const oneAtATime = { maxWorkers: 1, sequence: { groupOrder: 1 } }

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
          ...parallel,
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.db.test.ts'],
          exclude: [webhookTests],
          env: { HEADMARK_TEST_DATABASE: 'pglite' },
          ...parallel,
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite-webhooks',
          isolate: true,
          include: [webhookTests],
          env: { HEADMARK_TEST_DATABASE: 'pglite' },
          ...oneAtATime,
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['src/**/*.db.test.ts'],
                exclude: [webhookTests],
                env: { HEADMARK_TEST_DATABASE: 'postgres' },
                globalSetup: ['./test/postgres-global-setup.ts'],
                ...parallel,
              },
            },
            {
              extends: true as const,
              test: {
                // *.pg.test.ts: several server processes on one database, which PGlite can not be.
                name: 'postgres-instances',
                include: ['src/**/*.pg.test.ts'],
                env: { HEADMARK_TEST_DATABASE: 'postgres' },
                globalSetup: ['./test/postgres-global-setup.ts'],
                ...oneAtATime,
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
                ...oneAtATime,
              },
            },
          ]
        : []),
    ],
  },
})
