import { createEnv, InvalidEnvError, publicEnvSchema } from '@headmark/metadata/env'
import { z } from 'zod'

/** The app's public build-time variables: the SDK's three and the app's own. */
export const appEnvSchema = publicEnvSchema.extend({
  /** Headmark's documentation; the navigation's "Docs" opens it in a new tab. */
  VITE_DOCS_URL: z.url().default('https://docs.headmark.dev'),
  /** The live-chat widget (Tawk.to): both ids, or neither and no widget is loaded. */
  VITE_CHAT_PROPERTY_ID: z.string().optional(),
  VITE_CHAT_WIDGET_ID: z.string().optional(),
  /** Where the chat script is loaded from; tests point it at a local server. */
  VITE_CHAT_SCRIPT_ORIGIN: z.url().default('https://embed.tawk.to'),
})

export type AppEnv = z.output<typeof appEnvSchema>

/**
 * Validates the public build-time variables when the build starts, so that a bad value fails
 * the build (every page would otherwise answer 500 at run time): throws 'Invalid environment
 * variables' followed by one line per variable. Returns them with their defaults, the object the
 * bundle receives as `env`.
 */
export function assertPublicEnv(env: Record<string, string | undefined>): AppEnv {
  try {
    return createEnv({ schema: appEnvSchema, runtimeEnv: env })
  } catch (error) {
    if (!(error instanceof InvalidEnvError)) throw error
    throw new Error(
      `Invalid environment variables:\n${error.issues
        .map((issue) => `  - ${issue.path}: ${issue.message}`)
        .join('\n')}`,
      { cause: error },
    )
  }
}
