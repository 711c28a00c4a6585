import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { test } from './helpers.ts'
import { appRoot } from './server.ts'

// The browser gets none of the server: the app imports @headmark/api's server side only where the
// build strips it from the client (server functions, isomorphic server branches, server routes).

/** Every JavaScript file under `dir`, read as text. */
function scripts(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }))
}

// What only the server's code names: the embedded database, the ORM, the mailer, the queue, the
// request facts' storage, the server's factory.
const SERVER_ONLY = [
  '@electric-sql/pglite',
  'drizzle-orm',
  'nodemailer',
  'pg-boss',
  'node:async_hooks',
  'createHeadmark',
]

test('the client build holds no server code', () => {
  const server = scripts(join(appRoot, 'dist', 'server'))
  const client = scripts(join(appRoot, 'dist', 'client'))
  expect(client.length).toBeGreaterThan(10)
  for (const marker of SERVER_ONLY) {
    // Each marker is found where the server's code is, so its absence below means something.
    expect(
      server.some(({ text }) => text.includes(marker)),
      `${marker} in the server build`,
    ).toBe(true)
    const leaked = client.filter(({ text }) => text.includes(marker)).map(({ file }) => file)
    expect(leaked, `${marker} in the client build`).toEqual([])
  }
})
