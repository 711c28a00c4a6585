import { createEnv, InvalidEnvError, publicEnvSchema } from '@headmark/metadata/env'

/** Placeholders for the public build-time variables, used when the environment does not set them. */
export const developmentPublicEnv = {
  VITE_METADATA_DSN: 'development',
  VITE_ANALYTICS_HOST: 'http://localhost:3000/analytics',
  VITE_ANALYTICS_KEY: 'development',
} as const

/** The names of public variables whose value is still a development placeholder. */
export function placeholderPublicEnv(env: Record<string, string | undefined>): string[] {
  return Object.entries(developmentPublicEnv)
    .filter(([key, value]) => !env[key] || env[key] === value)
    .map(([key]) => key)
}

/**
 * Validates the public build-time variables when the build starts, so that a bad value fails
 * the build (every page would otherwise answer 500 at run time): throws 'Invalid environment
 * variables' followed by one line per variable.
 */
export function assertPublicEnv(env: Record<string, string | undefined>): void {
  try {
    createEnv({ schema: publicEnvSchema, runtimeEnv: env })
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
