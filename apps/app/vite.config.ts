import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite'
import { AsyncLocalStorage } from 'node:async_hooks'
import { assertPublicEnv } from './src/env-schema.ts'
import { developmentPublicEnv } from './src/public-env-defaults.ts'

// The store @headmark/api/edge reads the client's address from (shared through globalThis).
const clientStoreKey = Symbol.for('headmark.client-address')
const globals = globalThis as Record<symbol, unknown>
const clientStore = (globals[clientStoreKey] ??=
  new AsyncLocalStorage<string>()) as AsyncLocalStorage<string>
const runAsClient = (address: string, fn: () => void) => clientStore.run(address, fn)

// Committed development defaults for the public build-time variables, so that a fresh clone
// builds and starts with no .env. Real values (from the shell or a .env file) take precedence;
// the production server refuses to start while these placeholders are still in place.
for (const [key, value] of Object.entries(developmentPublicEnv)) {
  if (!process.env[key]) process.env[key] = value
}

/** `npm run dev` answers the public metadata API with the production server's handler. */
function publicApi(): Plugin {
  return {
    name: 'headmark:public-api',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/openapi/')) return next()
        import('@headmark/api').then(
          ({ handlePublicApi }) => void (handlePublicApi(req, res) || next()),
          next,
        )
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

const config = {
  server: { port: 3000 },
  resolve: { conditions: ['source'] },
  ssr: {
    resolve: { conditions: ['source'], externalConditions: ['source'] },
  },
  plugins: [
    {
      // As the production server does: the client's address is the socket's peer, handed to the
      // app in a header whatever the request carried under that name (see @headmark/api/edge).
      name: 'headmark-client-address',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          const address = req.socket.remoteAddress ?? ''
          req.headers['x-headmark-client-address'] = address
          runAsClient(address, next)
        })
      },
    },
    publicApi(),
    tanstackStart({
      // Keep NODE_ENV a runtime decision of the server process: the same build serves
      // `npm start` (development defaults) and a production deployment (NODE_ENV=production).
      server: { build: { staticNodeEnv: false } },
    }),
    react(),
  ],
} satisfies UserConfig
