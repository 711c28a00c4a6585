import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A file of the shared corpus of hostile inputs (`shared/corpus/<name>`), found in the nearest
 * folder above this repository that has one (the checkout may sit at any depth).
 */
export function readCorpus(name: string): Record<string, unknown> {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const file = join(folder, 'shared', 'corpus', name)
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    const parent = dirname(folder)
    if (parent === folder) throw new Error(`shared/corpus/${name} was not found above ${folder}`)
    folder = parent
  }
}
