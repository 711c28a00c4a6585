// `npm run admin -- grant <email>`: makes an existing account a platform admin, from the shell.
// With the embedded database (no DATABASE_URL), stop the server first: PGlite is one process's.
import { grantPlatformAdmin } from './admin.ts'
import { closeAllDatabases, connectDatabase } from './db/client.ts'
import { loadServerEnv } from './env.ts'

const USAGE = 'Usage: npm run admin -- grant <email>'

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args
  if (command !== 'grant' || !email || rest.length > 0) {
    console.error(USAGE)
    return 2
  }
  const env = loadServerEnv(process.env)
  const connection = await connectDatabase(env.database)
  await connection.migrate(env.MIGRATIONS_FOLDER)
  if (!(await grantPlatformAdmin(connection.db, email))) {
    console.error(`No account uses ${email}. Sign up with it first, then run this again.`)
    return 1
  }
  console.info(`${email} is now a platform admin. Sign in again to see /app/admin.`)
  return 0
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await closeAllDatabases()
}
