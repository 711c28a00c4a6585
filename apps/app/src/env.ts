import { createEnv, publicEnvSchema } from '@headmark/metadata/env'

/** The app's validated public configuration (build-time variables). */
export const env = createEnv({ schema: publicEnvSchema, runtimeEnv: import.meta.env })
