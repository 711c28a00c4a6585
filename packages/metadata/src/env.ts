import { z } from 'zod'

/**
 * Thrown by {@link createEnv} when the environment does not match its schema.
 *
 * @example
 * try {
 *   createEnv({ schema: publicEnvSchema, runtimeEnv: process.env })
 * } catch (error) {
 *   if (error instanceof InvalidEnvError) console.error(error.message, error.issues)
 * }
 */
export class InvalidEnvError extends Error {
  override readonly name = 'InvalidEnvError'
  /** One entry per offending variable, e.g. `{ path: 'VITE_ANALYTICS_HOST', message: 'Invalid URL' }`. */
  readonly issues: ReadonlyArray<{ path: string; message: string }>

  constructor(issues: ReadonlyArray<{ path: string; message: string }>) {
    super('Invalid environment variables')
    this.issues = issues
  }
}

export interface CreateEnvOptions<TSchema extends z.ZodType> {
  /** A zod object schema describing the variables. */
  schema: TSchema
  /** Where the values come from, e.g. `process.env` or `import.meta.env`. */
  runtimeEnv: Record<string, string | boolean | undefined>
}

/**
 * Validates environment variables against a zod schema. Empty strings count as missing.
 *
 * @example
 * const env = createEnv({ schema: publicEnvSchema, runtimeEnv: import.meta.env })
 * env.VITE_METADATA_DSN
 */
export function createEnv<TSchema extends z.ZodType>({
  schema,
  runtimeEnv,
}: CreateEnvOptions<TSchema>): z.output<TSchema> {
  const cleaned: Record<string, string | boolean> = {}
  for (const [key, value] of Object.entries(runtimeEnv)) {
    if (value !== undefined && value !== '') cleaned[key] = value
  }
  const result = schema.safeParse(cleaned)
  if (!result.success) {
    throw new InvalidEnvError(
      result.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
    )
  }
  return result.data
}

/**
 * The three public variables a Headmark-powered app needs: the metadata-service DSN,
 * the analytics host (a URL) and the analytics key.
 *
 * @example
 * const env = createEnv({ schema: publicEnvSchema, runtimeEnv: import.meta.env })
 */
export const publicEnvSchema = z.object({
  VITE_METADATA_DSN: z.string(),
  VITE_ANALYTICS_HOST: z.url(),
  VITE_ANALYTICS_KEY: z.string(),
})
/** The validated public variables: `VITE_METADATA_DSN`, `VITE_ANALYTICS_HOST`, `VITE_ANALYTICS_KEY`. */
export type PublicEnv = z.output<typeof publicEnvSchema>
