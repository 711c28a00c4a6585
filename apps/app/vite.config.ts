import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite'
import { assertPublicEnv } from './src/env-schema.ts'
import { developmentPublicEnv } from './src/public-env-defaults.ts'

import { dropInternalHeaders, runWithRequestFacts } from '../../packages/api/src/request-facts.ts'

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

/** `~/…` is the app's own `src/…`, wherever the importing file sits. */
const appSource = fileURLToPath(new URL('./src', import.meta.url))

const config = {
  server: { port: 3000 },
  resolve: { conditions: ['source'], alias: { '~': appSource } },
  ssr: {
    resolve: { conditions: ['source'], externalConditions: ['source'] },
  },
  plugins: [
    {
      // As the production server does: the client's address is the socket's peer, handed to the
      // app out of band, and a client's copy of an internal header is dropped (request-facts.ts).
      name: 'headmark-client-address',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          dropInternalHeaders(req)
          runWithRequestFacts({ address: req.socket.remoteAddress ?? '' }, next)
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
