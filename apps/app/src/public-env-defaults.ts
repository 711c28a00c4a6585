// No validation library here: the browser bundle reads these (analytics).

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
