import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The hostile inputs every field must survive (the shared `corpus/` folder next to the repo). */
export interface HostileStrings {
  markup: string[]
  urls: string[]
  control_and_unicode: string[]
  json_and_sql: string[]
  lengths: { values: number[] }
}

/**
 * Reads `shared/corpus/<name>.json` (`name` with or without `.json`), found in the first ancestor
 * folder that holds it: the checkout may sit at any depth.
 */
export function readCorpus<T = Record<string, unknown>>(fileName: string): T {
  const name = fileName.replace(/\.json$/, '')
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const file = join(dir, 'shared', 'corpus', `${name}.json`)
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`The corpus ${name}.json was not found above the repo.`)
    dir = parent
  }
}

/** Every hostile string of the corpus, plus the letter a repeated 1 KiB, 64 KiB and 1 MiB times. */
export function hostileTexts(): string[] {
  const corpus = readCorpus<HostileStrings>('hostile-strings')
  return [...corpus.markup, ...corpus.urls, ...corpus.control_and_unicode, ...corpus.json_and_sql]
}

export function hostileLengths(): number[] {
  return readCorpus<HostileStrings>('hostile-strings').lengths.values
}

/** The server's default MAX_BODY_BYTES: larger request bodies are refused at its edge. */
export const EDGE_BODY_LIMIT = 1024 * 1024

/**
 * How the server's edge refuses a request carrying `value` before any procedure runs: a NUL
 * character anywhere is BAD_REQUEST, a body past EDGE_BODY_LIMIT is PAYLOAD_TOO_LARGE. Null when
 * the request passes the edge and the procedure's own rules decide.
 */
export function edgeRefusal(value: string): { code: string; status: number } | null {
  if (value.includes('\u0000')) return { code: 'BAD_REQUEST', status: 400 }
  if (Buffer.byteLength(value) >= EDGE_BODY_LIMIT) return { code: 'PAYLOAD_TOO_LARGE', status: 413 }
  return null
}
