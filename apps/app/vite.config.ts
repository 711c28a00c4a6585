import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import {
  defaultClientConditions,
  defaultExternalConditions,
  defaultServerConditions,
  defineConfig,
  isRunnableDevEnvironment,
  loadEnv,
  type Plugin,
  type UserConfig,
} from 'vite'
import { changelogSources } from './changelog-sources.ts'
import { assertPublicEnv } from './src/env-schema.ts'
import type * as DevEdgeModule from './src/server/dev-edge.ts'
import { developmentPublicEnv } from './src/public-env-defaults.ts'

// Committed development defaults for the public build-time variables, so that a fresh clone
// builds and starts with no .env. Real values (from the shell or a .env file) take precedence;
// the production server refuses to start while these placeholders are still in place.
for (const [key, value] of Object.entries(developmentPublicEnv)) {
  if (!process.env[key]) process.env[key] = value
}

type DevEdge = typeof DevEdgeModule

/**
 * `npm run dev` does what the production server's edge does (src/server/dev-edge.ts): it is loaded
 * through the SSR module runner TanStack Start renders with, so the development server and the
 * app share one Headmark instance and one store of request facts.
 */
function headmarkEdge(): Plugin {
  return {
    name: 'headmark:edge',
    configureServer(server) {
      const ssr = server.environments.ssr
      if (!isRunnableDevEnvironment(ssr)) throw new Error('The SSR environment must be runnable.')
      server.middlewares.use((req, res, next) => {
        ssr.runner
          .import<DevEdge>('/src/server/dev-edge.ts')
          .then((edge) => edge.handleDevRequest(req, res, next))
          .catch(next)
      })
    },
  }
}

export default defineConfig(({ mode }) => {
  // The values are fixed in the bundle: refuse to build with bad ones, and hand the validated
  // object to src/env.ts, so that the browser gets the values without the validation library.
  const publicEnv = assertPublicEnv({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env })
  return { ...config, define: { __HEADMARK_PUBLIC_ENV__: JSON.stringify(publicEnv) } }
})

/** `~/…` is the app's own `src/…`, wherever the importing file sits. */
const appSource = fileURLToPath(new URL('./src', import.meta.url))

// The workspace packages' `source` condition (their TypeScript) besides Vite's own conditions:
// replacing those would resolve server code to packages' browser builds (TanStack's isServer, so
// server functions called while rendering had no server side under `npm run dev`).
const config = {
  server: { port: 3000 },
  resolve: { conditions: ['source', ...defaultClientConditions], alias: { '~': appSource } },
  ssr: {
    resolve: {
      conditions: ['source', ...defaultServerConditions],
      externalConditions: ['source', ...defaultExternalConditions],
    },
  },
  plugins: [
    headmarkEdge(),
    // The /changelog page's changesets and release notes, with their dates from git.
    changelogSources(fileURLToPath(new URL('../..', import.meta.url))),
    tanstackStart({
      // Keep NODE_ENV a runtime decision of the server process: the same build serves
      // `npm start` (development defaults) and a production deployment (NODE_ENV=production).
      server: { build: { staticNodeEnv: false } },
    }),
    react(),
  ],
} satisfies UserConfig
