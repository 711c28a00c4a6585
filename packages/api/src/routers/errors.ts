/**
 * Whether `error` is PostgreSQL's unique-constraint violation (SQLSTATE 23505), optionally of
 * the named constraint. drizzle wraps the driver's error in `cause`; PGlite and postgres.js both
 * carry `code` and `constraint` (postgres.js: `constraint_name`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const fields = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
    if (fields.code === '23505') {
      return (
        constraint === undefined ||
        fields.constraint === constraint ||
        fields.constraint_name === constraint
      )
    }
  }
  return false
}
