// The app's one reader of process.env: the server's variables (validated by @headmark/api's
// schema) and the few the app's own server reads. Everything server-side takes its settings from
// here; @headmark/api itself never reads the environment.
import { loadServerEnv, type ServerEnv } from '@headmark/api'
import { z } from 'zod'

const appSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'PORT must be a port number, e.g. 3000')
    .default('3000')
    .transform(Number),
  HOST: z.string().min(1).optional(),
  METADATA_API_URL: z.url({ error: 'METADATA_API_URL must be a URL' }).optional(),
  /** The analytics host set at start; wins over the build's VITE_ANALYTICS_HOST. */
  VITE_ANALYTICS_HOST: z.url({ error: 'VITE_ANALYTICS_HOST must be a URL' }).optional(),
})

/** What the app's own server reads besides the server's variables. */
export interface AppEnv {
  PORT: number
  /** Where the production server listens; unset: see server.mjs. */
  HOST: string | undefined
  /** The metadata API Headmark's own pages ask: METADATA_API_URL, else this app's own. */
  metadataApiUrl: string
  VITE_ANALYTICS_HOST: string | undefined
}

/** Validates the app's part of `source`; throws with one line per problem. */
export function loadAppEnv(source: Record<string, string | undefined>, server: ServerEnv): AppEnv {
  const parsed = appSchema.safeParse(source)
  if (!parsed.success) {
    throw new Error(
      `Invalid environment variables:\n${parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    )
  }
  const { PORT, HOST, METADATA_API_URL, VITE_ANALYTICS_HOST } = parsed.data
  return {
    PORT,
    HOST,
    metadataApiUrl: (
      METADATA_API_URL ??
      `${new URL(source.BETTER_AUTH_URL ? server.BETTER_AUTH_URL : `http://localhost:${PORT}`).origin}/api/openapi`
    ).replace(/\/+$/, ''),
    VITE_ANALYTICS_HOST,
  }
}

/** The server's validated configuration. */
export const serverEnv: ServerEnv = loadServerEnv(process.env)

/** The app server's own settings. */
export const appEnv: AppEnv = loadAppEnv(process.env, serverEnv)
