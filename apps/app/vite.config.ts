import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { developmentPublicEnv } from './src/public-env-defaults.ts'

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

export default defineConfig({
  server: { port: 3000 },
  resolve: { conditions: ['source'] },
  ssr: {
    resolve: { conditions: ['source'], externalConditions: ['source'] },
  },
  plugins: [
    publicApi(),
    tanstackStart({
      // Keep NODE_ENV a runtime decision of the server process: the same build serves
      // `npm start` (development defaults) and a production deployment (NODE_ENV=production).
      server: { build: { staticNodeEnv: false } },
    }),
    react(),
  ],
})
