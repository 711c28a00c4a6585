import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The hostile strings of the shared corpus (`shared/corpus/hostile-strings.json`), in one list. */
export function hostileStrings(): string[] {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const file = join(dir, 'shared', 'corpus', 'hostile-strings.json')
    if (existsSync(file)) {
      const corpus = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      return ['markup', 'urls', 'control_and_unicode', 'json_and_sql'].flatMap((key) =>
        Array.isArray(corpus[key]) ? (corpus[key] as string[]) : [],
      )
    }
    const parent = dirname(dir)
    if (parent === dir)
      throw new Error('The corpus hostile-strings.json was not found above the repo.')
    dir = parent
  }
}
