import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MAX_REDIRECT_LENGTH, redirectTarget, safeRedirect } from './redirect-target.ts'

/** Reads `shared/corpus/<name>.json` from the first folder above this file that holds it. */
function readCorpus(name: string): Record<string, unknown> {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'shared', 'corpus', `${name}.json`)
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    if (dirname(dir) === dir)
      throw new Error(`The corpus ${name}.json was not found above the repo.`)
  }
}

const hostile = readCorpus('hostile-strings') as {
  markup: string[]
  urls: string[]
  control_and_unicode: string[]
  json_and_sql: string[]
  lengths: { values: number[] }
}
const hostileStrings = [
  ...hostile.markup,
  ...hostile.urls,
  ...hostile.control_and_unicode,
  ...hostile.json_and_sql,
  ...hostile.lengths.values.map((length) => 'a'.repeat(length)),
]
const outboundTargets = readCorpus('outbound-targets').refuse as string[]
const pagePaths = readCorpus('page-paths').inputs as string[]

const ORIGIN = 'https://app.headmark.example'
const staysOnSite = (path: string) => new URL(path, ORIGIN).origin === ORIGIN

describe('safeRedirect', () => {
  it.each([
    '/app',
    '/app/invitations/inv_8f3kQ2',
    '/app/organizations/acme/sites?view=list',
    '/app/organizations/acme#members',
  ])('keeps the path on this site %s', (path) => {
    expect(safeRedirect(path)).toBe(path)
  })

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/app'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash further in', '/app\\..\\..\\evil'],
    ['an absolute address', 'https://evil.example'],
    ['an absolute address on a look-alike scheme', 'HTTPS://evil.example/app'],
    ['a script', 'javascript:alert(1)'],
    ['an encoded protocol-relative address', '%2F%2Fevil.example'],
    ['a path whose encoded slash decodes to //', '/%2F%2Fevil.example'],
    ['a path whose encoded backslash decodes to /\\', '/%5Cevil.example'],
    ['a tab the browser drops, leaving //', '/\t/evil.example'],
    ['a newline the browser drops, leaving //', '/\n/evil.example'],
    ['a NUL', '/app\u0000'],
    ['a C1 control character', '/app\u0085'],
    ['a leading space', ' /app'],
    ['a relative path', 'app/invitations/x'],
    ['the empty string', ''],
    ['a path one character too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
    ['a very long path', `/${'a'.repeat(1024 * 1024)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirect(value)).toBeUndefined()
    expect(redirectTarget(value)).toBe('/app')
  })

  it.each([undefined, null, 42, ['/app'], { href: '/app' }])(
    'refuses the non-string %j',
    (value) => {
      expect(safeRedirect(value)).toBeUndefined()
    },
  )

  it('refuses every hostile string and every outbound target of the corpus', () => {
    const accepted = [...hostileStrings, ...outboundTargets].filter(
      (value) => safeRedirect(value) !== undefined,
    )
    expect(accepted).toEqual([])
  })

  it('keeps a page path of the corpus only when it is a path on this site', () => {
    for (const path of pagePaths) {
      const kept = safeRedirect(path)
      if (kept === undefined) continue
      expect(kept).toBe(path)
      expect(staysOnSite(path), path).toBe(true)
    }
    expect(safeRedirect('/pricing')).toBe('/pricing')
    for (const offSite of ['//pricing', 'https://acme.com/pricing', 'pricing', ''])
      expect(safeRedirect(offSite), offSite).toBeUndefined()
  })

  it('keeps nothing that would leave the site, even with a slash put in front', () => {
    for (const value of [...hostileStrings, ...outboundTargets, ...pagePaths]) {
      for (const candidate of [value, `/${value}`, `/app/${value}`]) {
        const kept = safeRedirect(candidate)
        if (kept !== undefined) expect(staysOnSite(kept), JSON.stringify(candidate)).toBe(true)
      }
    }
  })
})
