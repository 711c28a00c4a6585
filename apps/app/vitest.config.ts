import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { changelogSources } from './changelog-sources.ts'
import { assertPublicEnv } from './src/env-schema.ts'
import { developmentPublicEnv } from './src/public-env-defaults.ts'

export default defineConfig({
  plugins: [changelogSources(fileURLToPath(new URL('../..', import.meta.url)))],
  // What vite.config.ts fixes in a build with the development defaults (src/env.ts).
  define: { __HEADMARK_PUBLIC_ENV__: JSON.stringify(assertPublicEnv({ ...developmentPublicEnv })) },
  resolve: {
    conditions: ['source'],
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Modules that read the validated public env get the same defaults as a build.
    env: { ...developmentPublicEnv },
    // Some tests import the server package or start vite: slow on a busy machine.
    testTimeout: 30_000,
  },
})
