import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The repository root: the nearest folder at or above `from` whose package.json is named
 * "headmark". The server runs from packages/api (tests), apps/app (dev and prod) and from inside a
 * bundle, so paths are found from the working directory, never from the module's own URL.
 * Falls back to `from` when no such folder exists (e.g. a relocated production build).
 */
export function findRepoRoot(from: string = process.cwd()): string {
  let dir = from
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && readPackageName(manifest) === 'headmark') return dir
    const parent = dirname(dir)
    if (parent === dir) return from
    dir = parent
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'))
    return typeof parsed === 'object' && parsed !== null && 'name' in parsed
      ? String(parsed.name)
      : undefined
  } catch {
    return undefined
  }
}
